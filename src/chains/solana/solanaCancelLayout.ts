import { PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'

/**
 * Prefix of a cancel memo: `dln-cancel:v1:<orderId, 0x + 64 hex>:<beneficiary on the source
 * chain, 0x + hex>`. The model of the DlnDestination program's cancel instruction, whose format
 * is not public, built from programs every node has.
 */
export const CANCEL_MEMO_PREFIX = 'dln-cancel:v1:'

/** The PDA seed of the account that collects the cancel's messaging fee under DlnDestination. */
export const CANCEL_FEE_SEED = 'CANCEL_FEE'

/** What a cancel memo says: the order to cancel and who the source chain refunds. */
export type SolanaCancelMemo = { orderId: Hex; beneficiary: Hex }

/**
 * The account that receives a Solana cancel's messaging fee (the gate fee of the EVM cancel,
 * docs/dln.md §3.5): PDA `["CANCEL_FEE"]` of the DlnDestination program `program`.
 */
export function cancelFeeAccount(program: string): PublicKey {
  return PublicKey.findProgramAddressSync([Buffer.from(CANCEL_FEE_SEED)], new PublicKey(program))[0]
}

/** The memo text of a cancel; hex is written lower case. */
export function encodeCancelMemo(memo: SolanaCancelMemo): string {
  return `${CANCEL_MEMO_PREFIX}${memo.orderId.toLowerCase()}:${memo.beneficiary.toLowerCase()}`
}

/**
 * Reads a cancel memo; undefined when `text` is no cancel memo or is malformed (an orderId that
 * is not 32 bytes, a beneficiary that is not hex of 1..64 bytes).
 */
export function parseCancelMemo(text: string): SolanaCancelMemo | undefined {
  if (!text.startsWith(CANCEL_MEMO_PREFIX)) return undefined
  const match = /^(0x[0-9a-f]{64}):(0x(?:[0-9a-f]{2}){1,64})$/.exec(
    text.slice(CANCEL_MEMO_PREFIX.length),
  )
  if (!match) return undefined
  return { orderId: match[1] as Hex, beneficiary: match[2] as Hex }
}
