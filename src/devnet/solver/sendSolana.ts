import {
  type Connection,
  type Keypair,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'

/**
 * Sends `instructions` in one v0 transaction paid and signed by `payer`; returns its signature.
 * Throws when the devnet reports the transaction failed.
 */
export async function sendSolana(
  connection: Connection,
  payer: Keypair,
  instructions: TransactionInstruction[],
): Promise<string> {
  const { blockhash } = await connection.getLatestBlockhash()
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: blockhash,
    instructions,
  }).compileToV0Message()
  const tx = new VersionedTransaction(message)
  tx.sign([payer])
  const signature = await connection.sendTransaction(tx)
  const status = (await connection.getSignatureStatuses([signature])).value[0]
  if (!status || status.err)
    throw new Error(`Solana transaction ${signature} failed: ${JSON.stringify(status?.err)}`)
  return signature
}
