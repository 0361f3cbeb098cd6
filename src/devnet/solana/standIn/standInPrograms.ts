import { createMarket } from '../../../sim/market/createMarket.ts'
import type { Market } from '../../../sim/market/market.ts'
import { ataStandIn } from './ata/ataStandIn.ts'
import { dlnDstStandIn } from './dlnDst/dlnDstStandIn.ts'
import { dlnSrcStandIn } from './dlnSrc/dlnSrcStandIn.ts'
import { jupiterStandIn } from './jupiter/jupiterStandIn.ts'
import type { StandInProgram } from './StandInProgram.ts'

/**
 * The stand-in programs every devnet Solana runs (docs/dln.md §4.12), by program id. One line per
 * program. `marketNow` prices Jupiter's swaps: default the devnet market (seed 1) unwalked.
 */
export function standInPrograms(
  marketNow: () => Market = constant(createMarket({ seed: 1 })),
): StandInProgram[] {
  return [dlnSrcStandIn(), jupiterStandIn(marketNow), ataStandIn(), dlnDstStandIn]
}

function constant(market: Market): () => Market {
  return () => market
}
