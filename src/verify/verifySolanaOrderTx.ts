import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import { SOLANA_PROGRAMS } from '../chains/chainRegistry.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { checkDlnSolanaOrderTx } from './checkDlnSolanaOrderTx.ts'
import type {
  CheckSolanaOrderTxParams,
  SolanaOrderChecks,
  VerifiedSolanaOrder,
} from './solanaOrderTxTypes.ts'

/** The flat order fee on Solana in lamports: 0.015 SOL (docs/dln.md §1.4). */
export const DEFAULT_SOLANA_FIXED_FEE_LAMPORTS = 15_000_000n
/** Most lamports of priority fee (unit price × unit limit) ferry pays: 0.01 SOL (P-2.17). */
export const DEFAULT_MAX_PRIORITY_FEE_LAMPORTS = 10_000_000n
/** Protocol fee taken from the give amount, in bps (docs/dln.md §1.5). */
export const DEFAULT_SOLANA_TRANSFER_FEE_BPS = 4n

export type {
  CheckSolanaOrderTxParams,
  SolanaOrderChecks,
  SolanaOrderTxOptions,
  VerifiedSolanaOrder,
} from './solanaOrderTxTypes.ts'

/**
 * Checks a Solana create-tx against ferry's own intent (safety P-1.7, P-2.17, P-7.x) in deBridge's
 * real format (docs/dln.md §4.10): dln_src `createOrderWithNonce` decoded by IDL through the
 * message's lookup tables, only the programs and shapes such a transaction uses, our key as fee
 * payer and only signer, the priority fee under its cap, every order field against the intent,
 * the accounts dln_src derives, and the announced orderId (checkDlnSolanaOrderTx). Bytes that do
 * not deserialize throw at once; every other check is recorded, so `ferry inspect` can show them.
 */
export function checkSolanaOrderTx(params: CheckSolanaOrderTxParams): SolanaOrderChecks {
  const { intent } = params
  if (intent.srcChainId !== SOLANA_CHAIN_ID)
    throw new VerificationError('chain', SOLANA_CHAIN_ID, intent.srcChainId, 'is not Solana')
  return checkDlnSolanaOrderTx({
    ...params,
    orderProgramId: params.orderProgramId ?? SOLANA_PROGRAMS.dlnSource,
    fixedFee: params.fixedFeeLamports ?? DEFAULT_SOLANA_FIXED_FEE_LAMPORTS,
    cap: params.maxPriorityFeeLamports ?? DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
    transferFeeBps: params.transferFeeBps ?? DEFAULT_SOLANA_TRANSFER_FEE_BPS,
  })
}

/**
 * Verifies a Solana create-tx before anything signs it: runs {@link checkSolanaOrderTx} and throws
 * the first failed check's {@link VerificationError}, or, when only the take fell below ferry's
 * minimum, a QuoteMovedError (economics).
 */
export function verifySolanaOrderTx(params: CheckSolanaOrderTxParams): VerifiedSolanaOrder {
  const result = checkSolanaOrderTx(params)
  const failed = result.checks.flatMap((c) => (c.ok ? [] : [c.error]))
  // An integrity failure wins over a moved price: a payload that lies is never "just" economics.
  const integrity = failed.find((e) => e instanceof VerificationError)
  if (integrity) throw integrity
  if (failed[0]) throw failed[0]
  return result.verified!
}
