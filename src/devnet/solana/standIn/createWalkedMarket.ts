import { createMarket } from '../../../sim/market/createMarket.ts'
import type { Market } from '../../../sim/market/market.ts'

/**
 * The devnet market as the simulator walks it: one step per `intervalMs` since its start, so
 * Jupiter's stand-in prices at the step a quote used (docs/dln.md §4.12). Unsynced, it is the
 * seed-1 market at step 0.
 */
export function createWalkedMarket(): {
  marketNow(): Market
  sync(seed: number, startMs: number, intervalMs: number): void
} {
  let market = createMarket({ seed: 1 })
  let walk: { startMs: number; intervalMs: number } | undefined
  return {
    marketNow() {
      if (walk) {
        const due = Math.floor((Date.now() - walk.startMs) / walk.intervalMs) - market.stepCount()
        if (due > 0) market.step(due)
      }
      return market
    },
    sync(seed, startMs, intervalMs) {
      market = createMarket({ seed })
      walk = { startMs, intervalMs }
    },
  }
}
