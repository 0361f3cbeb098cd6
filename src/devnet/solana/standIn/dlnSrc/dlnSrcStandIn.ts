import { SOLANA_PROGRAMS } from '../../../../chains/chainRegistry.ts'
import { BorshDecodeError } from '../../../../chains/solana/borsh.ts'
import {
  DLN_SRC_DISCRIMINATORS,
  decodeDlnCreateOrderArgs,
} from '../../../../chains/solana/dlnSrcCreateOrder.ts'
import { StandInError, type StandInProgram } from '../StandInProgram.ts'
import { applyDlnSrcCreateOrder } from './applyDlnSrcCreateOrder.ts'

/**
 * The devnet's dln_src (docs/dln.md §4.12): `createOrder` and `createOrderWithNonce`, decoded with
 * ferry's own layouts; every other instruction fails as Anchor's fallback does.
 */
export function dlnSrcStandIn(programId: string = SOLANA_PROGRAMS.dlnSource): StandInProgram {
  return {
    programId,
    name: 'dln_src',
    apply(ctx, ix) {
      const data = Buffer.from(ix.data)
      const found = (
        Object.keys(DLN_SRC_DISCRIMINATORS) as (keyof typeof DLN_SRC_DISCRIMINATORS)[]
      ).find((name) => DLN_SRC_DISCRIMINATORS[name].equals(data.subarray(0, 8)))
      if (!found) {
        throw new StandInError(
          'AnchorError occurred. Error Code: InstructionFallbackNotFound. Error Number: 101.',
        )
      }
      let create: ReturnType<typeof decodeDlnCreateOrderArgs>
      try {
        create = decodeDlnCreateOrderArgs(found, data.subarray(8))
      } catch (error) {
        if (!(error instanceof BorshDecodeError)) throw error
        throw new StandInError(
          'AnchorError occurred. Error Code: InstructionDidNotDeserialize. Error Number: 102.',
        )
      }
      applyDlnSrcCreateOrder(ctx, ix, create)
    },
  }
}
