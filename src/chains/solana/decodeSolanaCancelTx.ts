import type { PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import {
  type DecodedSolanaOrderTx,
  decodeSolanaOrderTx,
  MEMO_PROGRAM,
  MEMO_V2_PROGRAM,
} from './decodeSolanaOrderTx.ts'
import { parseCancelMemo, type SolanaCancelMemo } from './solanaCancelLayout.ts'

/** What a Solana cancel transaction does, read from its bytes. */
export type DecodedSolanaCancelTx = Omit<DecodedSolanaOrderTx, 'give'> & {
  /** Every cancel memo it carries (a well-formed cancel has exactly one). */
  cancels: (SolanaCancelMemo & { accounts: string[] })[]
}

/**
 * Decodes a cancel transaction in the layout of buildSolanaCancelTx: instructions with their
 * accounts resolved, lamport transfers, compute budget and the cancel memos. Unknown
 * instructions are returned undecoded for the verifier to refuse; an order memo in a cancel is
 * kept in `instructions` too (the verifier refuses it as an extra instruction).
 */
export function decodeSolanaCancelTx(
  txHex: Hex,
  lookupTables?: ReadonlyMap<string, PublicKey[]>,
): DecodedSolanaCancelTx {
  const { give: _give, ...decoded } = decodeSolanaOrderTx(txHex, lookupTables)
  const lamportTransfers = decoded.lamportTransfers
  const cancels = decoded.instructions.flatMap((ix) => {
    if (ix.programId !== MEMO_PROGRAM && ix.programId !== MEMO_V2_PROGRAM) return []
    const memo = parseCancelMemo(Buffer.from(ix.data).toString('utf8'))
    return memo ? [{ ...memo, accounts: ix.accounts }] : []
  })
  return { ...decoded, lamportTransfers, cancels }
}
