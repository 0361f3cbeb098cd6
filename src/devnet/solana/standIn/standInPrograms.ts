import { dlnDstStandIn } from './dlnDst/dlnDstStandIn.ts'
import type { StandInProgram } from './StandInProgram.ts'

/**
 * The stand-in programs every devnet Solana runs (docs/dln.md §4.12), by program id. One line per
 * program.
 */
export function standInPrograms(): StandInProgram[] {
  return [dlnDstStandIn]
}
