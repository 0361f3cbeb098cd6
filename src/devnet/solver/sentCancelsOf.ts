import { VersionedTransaction } from '@solana/web3.js'
import type { Hex } from 'viem'
import { SOLANA_PROGRAMS } from '../../chains/chainRegistry.ts'
import {
  DLN_DST_DISCRIMINATORS,
  decodeDlnSendOrderCancelArgs,
} from '../../chains/solana/dlnDstCancel.ts'

/** One `sendOrderCancel` of a landed transaction: the order and who the source refunds. */
export type SentCancel = { orderId: Hex; beneficiary: Hex }

/**
 * The dln_dst `sendOrderCancel` instructions of a landed transaction (base64), read from their
 * arguments (docs/dln.md §4.10; program ids are static keys, so no lookup table is needed).
 * Data that does not decode is not a cancel. Pure.
 */
export function sentCancelsOf(transactionBase64: string): SentCancel[] {
  let tx: VersionedTransaction
  try {
    tx = VersionedTransaction.deserialize(Buffer.from(transactionBase64, 'base64'))
  } catch {
    return []
  }
  const keys = tx.message.staticAccountKeys
  return tx.message.compiledInstructions.flatMap((ix) => {
    if (keys[ix.programIdIndex]?.toBase58() !== SOLANA_PROGRAMS.dlnDestination) return []
    const data = Buffer.from(ix.data)
    if (!data.subarray(0, 8).equals(DLN_DST_DISCRIMINATORS.sendOrderCancel)) return []
    try {
      const args = decodeDlnSendOrderCancelArgs(data.subarray(8))
      return [{ orderId: args.orderId, beneficiary: args.cancelBeneficiary }]
    } catch {
      return []
    }
  })
}
