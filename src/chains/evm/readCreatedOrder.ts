import type { Address, Hex, PublicClient, TransactionReceipt } from 'viem'
import type { DlnOrder } from '../orderId/dlnOrder.ts'
import { CancelOrderError } from './CancelOrderError.ts'
import { parseCreatedOrder } from './parseCreatedOrder.ts'
import { receiptOrUndefined } from './receiptOrUndefined.ts'

/** An order as the source chain recorded it. */
export type OrderOnChain = { orderId: Hex; order: DlnOrder; receipt: TransactionReceipt }

/**
 * Reads the order struct from the chain, not from memory (safety P-7.4): looks up the receipt of
 * each candidate create transaction on the source chain (the journaled create tx first, then the
 * journaled order attempts: a replaced signature may be the one mined), takes the first one that
 * succeeded, and parses its CreatedOrder event, whose orderId recomputed from the struct must
 * equal the journaled `orderId` (parseCreatedOrder; a mismatch is a VerificationError).
 * @throws CancelOrderError `noCreateTx` when no candidate has a successful receipt.
 */
export async function readCreatedOrder(
  client: PublicClient,
  params: { orderId: Hex; dlnSource: Address; createTxHashes: readonly Hex[] },
): Promise<OrderOnChain> {
  const tried: string[] = []
  for (const hash of new Set(params.createTxHashes.map((h) => h.toLowerCase() as Hex))) {
    const receipt = await receiptOrUndefined(client, hash)
    tried.push(`${hash}: ${receipt ? receipt.status : 'no receipt'}`)
    if (receipt?.status !== 'success') continue
    const created = parseCreatedOrder(receipt, params.dlnSource, params.orderId)
    return { orderId: created.orderId, order: created.order, receipt }
  }
  throw new CancelOrderError('noCreateTx', params.orderId, 'no mined create transaction found', {
    fix: 'check the order with `ferry history`; only an order created on chain can be cancelled',
    metaMessages: tried.length ? tried : ['no create transaction is journaled'],
  })
}
