import { SOLANA_PROGRAMS } from '../../../../chains/chainRegistry.ts'
import { DLN_DST_DISCRIMINATORS } from '../../../../chains/solana/dlnDstCancel.ts'
import type { StandInProgram } from '../StandInProgram.ts'
import { applyCancelOrder } from './applyCancelOrder.ts'
import { applyPrepareSend } from './applyPrepareSend.ts'
import { applySendOrderCancel } from './applySendOrderCancel.ts'
import { dlnDstError } from './dlnDstErrors.ts'

/**
 * dln_dst's stand-in on the devnet (docs/dln.md §4.12): `cancelOrder`, `prepareSend` and `sendOrderCancel`, told
 * apart by their Anchor discriminators; any other instruction of the program fails, as an
 * instruction the stand-in does not model.
 */
export const dlnDstStandIn: StandInProgram = {
  programId: SOLANA_PROGRAMS.dlnDestination,
  name: 'dln_dst',
  apply(ctx, ix) {
    const head = Buffer.from(ix.data.subarray(0, 8))
    if (head.equals(DLN_DST_DISCRIMINATORS.cancelOrder)) return applyCancelOrder(ctx, ix)
    if (head.equals(DLN_DST_DISCRIMINATORS.prepareSend)) return applyPrepareSend(ctx, ix)
    if (head.equals(DLN_DST_DISCRIMINATORS.sendOrderCancel)) return applySendOrderCancel(ctx, ix)
    throw dlnDstError(
      'InstructionDidNotDeserialize',
      'instruction',
      `InstructionFallbackNotFound: ${head.toString('hex')} is not modelled by the stand-in`,
    )
  },
}
