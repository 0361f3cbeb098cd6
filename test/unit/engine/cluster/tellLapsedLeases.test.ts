import { performance } from 'node:perf_hooks'
import { describe, expect, test } from 'vitest'
import type { WalletGroup } from '../../../../src/engine/cluster/groupWallets.ts'
import { walletKeyOf } from '../../../../src/engine/cluster/groupWallets.ts'
import {
  type HeldGroup,
  tellLapsedLeases,
} from '../../../../src/engine/cluster/tellLapsedLeases.ts'
import type { ClusterEvent } from '../../../../src/observe/clusterEvents.ts'

// docs/architecture.md §5: a lease that runs out by this process's own clock is told, once.
const wallet = { chainId: 42161, address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }
const group: WalletGroup = { key: 'g', wallets: [wallet], strategies: [] }

function held(ready: boolean, validUntilMs: number): HeldGroup {
  return { group, tokens: new Map([[walletKeyOf(wallet), 5]]), validUntilMs, ready }
}

describe('tellLapsedLeases', () => {
  test('behavior: a lease taken and cut off before its first reconcile ended lapses too', () => {
    const events: ClusterEvent[] = []
    tellLapsedLeases([held(false, performance.now() - 1)], 'me', (e) => events.push(e))
    expect(events).toMatchObject([{ type: 'lease', change: 'lapsed', token: 5, holder: 'me' }])
  })

  test('behavior: told once per lapse; a lease still within its TTL is not told', () => {
    const events: ClusterEvent[] = []
    const lapsed = held(true, performance.now() - 1)
    const fresh = held(true, performance.now() + 60_000)
    tellLapsedLeases([lapsed, fresh], 'me', (e) => events.push(e))
    tellLapsedLeases([lapsed, fresh], 'me', (e) => events.push(e))
    expect(events).toHaveLength(1)
  })
})
