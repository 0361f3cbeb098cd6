import { performance } from 'node:perf_hooks'
import type { ClusterEvent } from '../../observe/clusterEvents.ts'
import { type WalletGroup, walletKeyOf } from './groupWallets.ts'

/** A held group: its tokens, when its lease runs out by this process's clock, and whether its
 * intents were reconciled since it was taken. */
export type HeldGroup = {
  group: WalletGroup
  tokens: Map<string, number>
  validUntilMs: number
  ready: boolean
  /** Its lapse by this process's clock was told (reset by a renewal). */
  lapseTold?: boolean
}

/**
 * Tells, once per lapse, each held group whose lease ran out by this process's monotonic clock
 * before a renewal came back (paused, cut off from the database, its turn stuck on a call):
 * nothing of it runs until a renewal does, and the operator hears why (a `lease` event,
 * `lapsed`, per wallet). Called by a timer of its own, since a stuck turn or tick cannot.
 */
export function tellLapsedLeases(
  held: Iterable<HeldGroup>,
  holder: string,
  emit: (event: ClusterEvent) => void,
): void {
  const nowMs = performance.now()
  for (const h of held) {
    // Ready or still reconciling: a lease taken and then cut off before its first reconcile
    // ended runs out all the same, and the operator hears it.
    if (h.lapseTold || nowMs < h.validUntilMs) continue
    h.lapseTold = true
    for (const w of h.group.wallets) {
      const token = h.tokens.get(walletKeyOf(w))
      if (token === undefined) continue
      const lapse = { chainId: w.chainId, wallet: w.address, holder, token, atMs: Date.now() }
      emit({ type: 'lease', change: 'lapsed', ...lapse })
    }
  }
}
