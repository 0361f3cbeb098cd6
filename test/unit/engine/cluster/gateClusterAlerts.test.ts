import { describe, expect, test } from 'vitest'
import {
  type ClusterAlertGate,
  clusterAlertClaimOf,
  gateClusterAlerts,
} from '../../../../src/engine/cluster/gateClusterAlerts.ts'
import type { EngineEvent } from '../../../../src/observe/engineEvents.ts'

const engaged: EngineEvent = { type: 'killSwitch', engaged: true, reason: 'incident' }
const released: EngineEvent = { type: 'killSwitch', engaged: false }
const tick: EngineEvent = { type: 'tick', tick: 1, strategies: [], atMs: 0 }

/** Lets the claims' promise callbacks run. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('cluster-level alerts told once per cluster (docs/architecture.md §5)', () => {
  test('default: the kill switch is claimed per state and window; other events are not cluster-level', () => {
    expect(clusterAlertClaimOf(engaged, 'a', 60_000)).toEqual({
      kind: 'killSwitch',
      key: 'on',
      windowMs: 60_000,
      instance: 'a',
    })
    expect(clusterAlertClaimOf(released, 'a', 60_000)?.key).toBe('off')
    expect(clusterAlertClaimOf(tick, 'a', 60_000)).toBeUndefined()
  })

  test('behavior: of three instances seeing the same switch, only the one that wins the claim tells it', async () => {
    // One claim table, as the database keeps it: the first claim of a key wins.
    const claimed = new Set<string>()
    const told: string[][] = [[], [], []]
    const observers = told.map((list, i) => {
      const gate: ClusterAlertGate = (event) => {
        const claim = clusterAlertClaimOf(event, `i${i}`, 60_000)
        if (claim === undefined) return undefined
        const won = !claimed.has(claim.key)
        claimed.add(claim.key)
        return Promise.resolve(won)
      }
      return gateClusterAlerts(
        (e) => list.push(e.type),
        () => gate,
      )
    })
    for (const observe of observers) observe(engaged)
    for (const observe of observers) observe(tick)
    await settled()
    expect(told.flat().filter((t) => t === 'killSwitch')).toHaveLength(1)
    expect(told.map((list) => list.filter((t) => t === 'tick').length)).toEqual([1, 1, 1])
  })

  test('behavior: before the run joins its cluster, and when a claim fails, the alert is told all the same', async () => {
    const told: EngineEvent[] = []
    let gate: ClusterAlertGate | undefined
    const observe = gateClusterAlerts(
      (e) => told.push(e),
      () => gate,
    )
    observe(engaged)
    gate = () => Promise.reject(new Error('the database is down'))
    observe(released)
    await settled()
    expect(told).toEqual([engaged, released])
  })
})
