import { deflateRawSync, inflateRawSync } from 'node:zlib'
import {
  type AddressLookupTableAccount,
  PublicKey,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { decodeSolanaOrderPayload } from '../../src/chains/solana/decodeSolanaOrderPayload.ts'
import { ORDER_MEMO_PREFIX } from '../../src/chains/solana/decodeSolanaOrderTx.ts'
import { encodeSolanaOrderPayload } from '../../src/chains/solana/encodeSolanaOrderPayload.ts'
import type { SolanaOrderPayload } from '../../src/chains/solana/solanaOrderPayload.ts'

/**
 * Rebuilds an unsigned order transaction with web3.js after changing its instructions, as a
 * malicious service would: same blockhash, payer unless given, lookup tables when given.
 */
export function mutateSolanaTx(
  txData: Hex,
  mutate: (instructions: TransactionInstruction[]) => TransactionInstruction[],
  options: { payer?: PublicKey; lookupTables?: AddressLookupTableAccount[] } = {},
): Hex {
  const tx = VersionedTransaction.deserialize(hexToBytes(txData))
  const message = TransactionMessage.decompile(tx.message)
  const rebuilt = new TransactionMessage({
    payerKey: options.payer ?? message.payerKey,
    recentBlockhash: message.recentBlockhash,
    instructions: mutate(message.instructions),
  }).compileToV0Message(options.lookupTables)
  return bytesToHex(new VersionedTransaction(rebuilt).serialize())
}

/** Rewrites the order memo's payload (the last instruction of the simulator's layout). */
export function mutateSolanaPayload(
  txData: Hex,
  patch: (payload: SolanaOrderPayload) => SolanaOrderPayload,
): Hex {
  return mutateSolanaTx(txData, (ixs) =>
    ixs.map((ix) => {
      const text = ix.data.toString('utf8')
      if (!text.startsWith(ORDER_MEMO_PREFIX)) return ix
      const payload = decodeSolanaOrderPayload(
        bytesToHex(inflateRawSync(Buffer.from(text.slice(ORDER_MEMO_PREFIX.length), 'base64'))),
      )
      // The memo carries the payload deflated, as buildSolanaOrderTx writes it.
      const encoded = deflateRawSync(hexToBytes(encodeSolanaOrderPayload(patch(payload))))
      ix.data = Buffer.from(`${ORDER_MEMO_PREFIX}${encoded.toString('base64')}`)
      return ix
    }),
  )
}

/** A fresh random key, for programs and accounts the service should never bring in. */
export function randomSolanaKey(): PublicKey {
  return new PublicKey(crypto.getRandomValues(new Uint8Array(32)))
}
