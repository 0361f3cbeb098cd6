import { createMarket } from '../../../sim/market/createMarket.ts'
import type { Market } from '../../../sim/market/market.ts'
import { ataStandIn } from './ata/ataStandIn.ts'
import { dlnDstStandIn } from './dlnDst/dlnDstStandIn.ts'
import { dlnSrcStandIn } from './dlnSrc/dlnSrcStandIn.ts'
import { jupiterStandIn } from './jupiter/jupiterStandIn.ts'
import type { StandInProgram } from './StandInProgram.ts'

/**
 * The stand-in programs every devnet Solana runs (docs/dln.md §4.12), by program id. One line per
 * program. `market` prices Jupiter's swaps: default the devnet market (seed 1) at its start.
 */
export function standInPrograms(market: Market = createMarket({ seed: 1 })): StandInProgram[] {
  return [dlnSrcStandIn(), jupiterStandIn(market), ataStandIn(), dlnDstStandIn]
}
