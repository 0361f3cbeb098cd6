import { describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import type { AlertRules } from '../../../src/observe/alertTypes.ts'
import { ALERT_KINDS } from '../../../src/observe/alertTypes.ts'
import { createFerryMetrics } from '../../../src/observe/createFerryMetrics.ts'
import { decideAlerts, initialAlertState } from '../../../src/observe/decideAlerts.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { parsePrometheusText } from '../../helpers/parsePrometheusText.ts'

const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const lease = (change: 'acquired' | 'lost' | 'released', token: number): EngineEvent => ({
  type: 'lease',
  change,
  chainId: 42161,
  wallet: WALLET,
  holder: 'ferry-1',
  token,
  atMs: 0,
})

describe('lease metrics', () => {
  test('default: held, changes and token follow the lease events; instances the last view', async () => {
    const metrics = createFerryMetrics({ clock: createManualClock(0), readInFlightUsd: () => 0 })
    for (const e of [lease('acquired', 3), lease('lost', 3), lease('acquired', 5)])
      metrics.observe(e)
    metrics.observe({ type: 'clusterView', liveInstances: 3, heldWallets: 2 })
    const scraped = parsePrometheusText(await metrics.registry.metrics())
    const value = (name: string, labels: Record<string, string> = {}) =>
      scraped.samples.find(
        (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
      )?.value
    const wallet = { chain: '42161', wallet: WALLET }
    expect(value('ferry_wallet_lease_held', wallet)).toBe(1)
    expect(value('ferry_wallet_lease_token', wallet)).toBe(5)
    expect(value('ferry_wallet_lease_changes_total', { ...wallet, change: 'acquired' })).toBe(2)
    expect(value('ferry_wallet_lease_changes_total', { ...wallet, change: 'lost' })).toBe(1)
    expect(value('ferry_cluster_instances')).toBe(3)
    metrics.observe(lease('released', 5))
    const after = parsePrometheusText(await metrics.registry.metrics())
    expect(after.samples.find((s) => s.name === 'ferry_wallet_lease_held')?.value).toBe(0)
  })
})

describe('walletUnheld alert', () => {
  test('default: a wallet without a live holder past the TTL is a critical alert naming the fix', () => {
    const rules: AlertRules = {
      minIntervalMs: Object.fromEntries(
        ALERT_KINDS.map((k) => [k, 60_000]),
      ) as AlertRules['minIntervalMs'],
      consecutiveFailures: 3,
      gasReserve: {},
      knownSecrets: [],
    }
    const event: EngineEvent = {
      type: 'walletUnheld',
      chainId: 8453,
      wallet: WALLET,
      unheldMs: 25_000,
    }
    const { alerts } = decideAlerts(event, initialAlertState, rules, 1_000)
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: 'walletUnheld',
        severity: 'critical',
        labels: { chain: '8453' },
        text: expect.arrayContaining([
          `wallet ${WALLET}: no live lease for 25 s`,
          expect.stringContaining('ferry cluster status'),
        ]),
      }),
    ])
    // Rate-limited like every kind: the next report within the interval is held, not sent.
    const again = decideAlerts(
      event,
      decideAlerts(event, initialAlertState, rules, 1_000).state,
      rules,
      2_000,
    )
    expect(again.alerts).toEqual([])
  })
})
