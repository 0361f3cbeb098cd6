import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import { SOLANA_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import { SOLANA_PROGRAMS } from '../chains/chainRegistry.ts'
import { computeOrderId } from '../chains/orderId/computeOrderId.ts'
import {
  type DecodedSolanaOrderTx,
  decodeSolanaOrderTx,
} from '../chains/solana/decodeSolanaOrderTx.ts'
import { solanaTxCallsProgram } from '../chains/solana/solanaTxCallsProgram.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { checkDlnSolanaOrderTx } from './checkDlnSolanaOrderTx.ts'
import { checkSolanaInstructions } from './checkSolanaInstructions.ts'
import { checkSolanaOrderPayload } from './checkSolanaOrderPayload.ts'
import { QuoteMovedError } from './QuoteMovedError.ts'
import type {
  CheckSolanaOrderTxParams,
  SolanaOrderChecks,
  VerifiedSolanaOrder,
} from './solanaOrderTxTypes.ts'
import { solanaPriorityFeeLamports } from './solanaPriorityFeeLamports.ts'
import { takeBelowEstimation } from './takeBelowEstimation.ts'
import type { CheckVerdict } from './verifyEvmOrderTx.ts'

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
 * Checks a Solana create-tx transaction against ferry's own intent (safety P-1.7, P-2.17,
 * P-7.x): only allowed programs, our key as fee payer and only signer, the priority fee under
 * its cap, the give transfer from our account to the escrow within the requested amount plus
 * the opex bound, the fixed fee to the escrow, no other lamport transfer, and the memo's order
 * equal to the intent field by field, hashing to the announced orderId.
 * A transaction that does not deserialize (or uses an unresolved lookup table) throws at once;
 * every other check is recorded, so `ferry inspect` can show them all.
 */
export function checkSolanaOrderTx(params: CheckSolanaOrderTxParams): SolanaOrderChecks {
  const { intent } = params
  const orderProgramId = params.orderProgramId ?? SOLANA_PROGRAMS.dlnSource
  const fixedFee = params.fixedFeeLamports ?? DEFAULT_SOLANA_FIXED_FEE_LAMPORTS
  const cap = params.maxPriorityFeeLamports ?? DEFAULT_MAX_PRIORITY_FEE_LAMPORTS
  if (intent.srcChainId !== SOLANA_CHAIN_ID)
    throw new VerificationError('chain', SOLANA_CHAIN_ID, intent.srcChainId, 'is not Solana')
  if (solanaTxCallsProgram(params.txData, orderProgramId)) {
    return checkDlnSolanaOrderTx({
      ...params,
      fixedFee,
      cap,
      transferFeeBps: params.transferFeeBps ?? DEFAULT_SOLANA_TRANSFER_FEE_BPS,
    })
  }
  let decoded: DecodedSolanaOrderTx
  try {
    decoded = decodeSolanaOrderTx(params.txData, params.lookupTables)
  } catch (error) {
    throw new VerificationError(
      'tx.data',
      'a serialized Solana order transaction',
      `${params.txData.slice(0, 18)}…`,
      `does not decode: ${(error as Error).message.split('\n')[0]}`,
    )
  }
  const checks: CheckVerdict[] = []
  const fail = (field: string, expected: unknown, actual: unknown, reason?: string): void => {
    checks.push({ field, ok: false, error: new VerificationError(field, expected, actual, reason) })
  }
  const check = (field: string, ok: boolean, expected: unknown, actual: unknown, why?: string) => {
    if (ok) checks.push({ field, ok: true })
    else fail(field, expected, actual, why)
  }
  const wallet = intent.sender
  const message = decoded.tx.message
  check('tx.feePayer', decoded.feePayer === wallet, wallet, decoded.feePayer, 'is not our wallet')
  const signers = message.staticAccountKeys
    .slice(0, message.header.numRequiredSignatures)
    .map((k) => k.toBase58())
  check(
    'tx.signers',
    signers.length === 1 && signers[0] === wallet,
    [wallet],
    signers,
    'must be our wallet alone',
  )

  const native = intent.tokenIn === SOLANA_NATIVE_TOKEN
  const { scan, problems } = checkSolanaInstructions(decoded.instructions, {
    wallet,
    orderProgramId,
    giveMint: native ? undefined : intent.tokenIn,
  })
  for (const p of problems) fail(p.field, p.expected, p.actual, p.reason)
  if (problems.length === 0) checks.push({ field: 'instructions', ok: true })

  const { lamports: priorityFeeLamports, limit, price } = solanaPriorityFeeLamports(scan)
  check(
    'computeBudget.priorityFee',
    priorityFeeLamports <= cap,
    `<= ${cap} lamports`,
    `${priorityFeeLamports} lamports (${limit} units × ${price} µ-lamports)`,
    'exceeds the cap',
  )

  // The give and the fee, in the simulator's layout (buildSolanaOrderTx): a native give is the
  // first System transfer, the fee the last.
  const escrow = orderProgramId
  const maxIn = intent.amountIn + (intent.maxPrependedOpex ?? 0n)
  const amountInRange = (field: string, amount: bigint): void =>
    check(
      field,
      amount >= intent.amountIn && amount <= maxIn,
      `${intent.amountIn}..${maxIn}`,
      amount,
      'is outside the requested input plus the opex bound',
    )
  const wantLamportTransfers = native ? 2 : 1
  const wantTokenTransfers = native ? 0 : 1
  const transfers = scan.lamportTransfers
  check(
    'lamportTransfers',
    transfers.length === wantLamportTransfers,
    `${wantLamportTransfers} (${native ? 'the give and ' : ''}the fixed fee)`,
    transfers.map((t) => `${t.lamports} → ${t.to}`),
    'are not only the order’s',
  )
  check(
    'tokenTransfers',
    scan.tokenTransfers.length === wantTokenTransfers,
    wantTokenTransfers,
    scan.tokenTransfers.length,
    'are not only the give',
  )
  let amountIn: bigint | undefined
  if (native) {
    const give = transfers.length === 2 ? transfers[0] : undefined
    if (give) {
      check('give.to', give.to === escrow, escrow, give.to, 'is not the escrow')
      amountInRange('give.amount', give.lamports)
      amountIn = give.lamports
    }
  } else {
    const give = scan.tokenTransfers[0]
    if (give) {
      const mint = new PublicKey(intent.tokenIn)
      const ours = getAssociatedTokenAddressSync(mint, new PublicKey(wallet), true).toBase58()
      const theirs = getAssociatedTokenAddressSync(mint, new PublicKey(escrow), true).toBase58()
      check('give.mint', give.mint === intent.tokenIn, intent.tokenIn, give.mint)
      check('give.source', give.source === ours, ours, give.source, 'is not our token account')
      check('give.owner', give.owner === wallet, wallet, give.owner, 'is not our wallet')
      check('give.destination', give.destination === theirs, theirs, give.destination)
      amountInRange('give.amount', give.amount)
      amountIn = give.amount
    }
  }
  const fee = transfers.at(-1)
  if (fee && transfers.length === wantLamportTransfers) {
    check('fee.to', fee.to === escrow, escrow, fee.to, 'is not the escrow')
    check('fee.lamports', fee.lamports === fixedFee, fixedFee, fee.lamports)
  }

  const payload = decoded.payload
  if (scan.orderMemos.length !== 1 || !payload) {
    fail('memo', 'exactly one order memo', `${scan.orderMemos.length} order memos`)
    return { checks, decoded, orderId: undefined, priorityFeeLamports, verified: undefined }
  }
  checkSolanaOrderPayload(
    payload,
    intent,
    params.transferFeeBps ?? DEFAULT_SOLANA_TRANSFER_FEE_BPS,
    {
      fail,
      check,
      moved: (field, expected, actual) =>
        checks.push({ field, ok: false, error: new QuoteMovedError(field, expected, actual) }),
      amountIn,
    },
  )
  const lie = takeBelowEstimation(payload.order.takeAmount, params.estimatedTakeAmount)
  if (lie) checks.push({ field: lie.field, ok: false, error: lie })
  const orderId = computeOrderId(payload.order)
  check(
    'orderId',
    orderId.toLowerCase() === params.announcedOrderId.toLowerCase(),
    orderId,
    params.announcedOrderId,
    'announced by the service is not the one the memo creates',
  )
  const verified =
    checks.every((c) => c.ok) && amountIn !== undefined && fee
      ? {
          orderId,
          order: payload.order,
          payload,
          decoded,
          amountIn,
          feeLamports: fee.lamports,
          priorityFeeLamports,
          escrow,
          tokenAccountCreates: scan.tokenAccountCreates.length,
        }
      : undefined
  return { checks, decoded, orderId, priorityFeeLamports, verified }
}

/**
 * Verifies a Solana create-tx transaction before anything signs it: runs
 * {@link checkSolanaOrderTx} and throws the first failed check's {@link VerificationError}, or,
 * when only the take fell below ferry's minimum, a {@link QuoteMovedError} (economics).
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
