import type { Hex, PublicClient, TransactionReceipt } from 'viem'

/**
 * The receipt of `hash`, or undefined while the node knows of no mined transaction with it
 * (viem's TransactionReceiptNotFoundError: pending, dropped or never sent). Any other failure is
 * a fault of the read and is thrown: "no receipt" must never be concluded from an RPC error.
 */
export async function receiptOrUndefined(
  client: Pick<PublicClient, 'getTransactionReceipt'>,
  hash: Hex,
): Promise<TransactionReceipt | undefined> {
  try {
    return await client.getTransactionReceipt({ hash })
  } catch (error) {
    if ((error as Error).name === 'TransactionReceiptNotFoundError') return undefined
    throw error
  }
}
