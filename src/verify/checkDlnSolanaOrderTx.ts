import { NATIVE_MINT } from '@solana/spl-token'
import type { Hex } from 'viem'
import { SOLANA_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import { computeOrderId } from '../chains/orderId/computeOrderId.ts'
import type { DecodedDlnInstruction } from '../chains/solana/decodeDlnSolanaInstruction.ts'
import { dlnOrderOfCreate } from '../chains/solana/dlnOrderOfCreate.ts'
import type { DlnCreateOrder } from '../chains/solana/dlnSrcCreateOrder.ts'
import { resolveSolanaMessage } from '../chains/solana/resolveSolanaMessage.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { checkDlnCreateAccounts } from './checkDlnCreateAccounts.ts'
import { checkDlnCreateOrder } from './checkDlnCreateOrder.ts'
import { checkDlnSolanaInstructions } from './checkDlnSolanaInstructions.ts'
import { QuoteMovedError } from './QuoteMovedError.ts'
import type {
  CheckSolanaOrderTxParams,
  SolanaOrderChecks,
  VerifiedSolanaOrder,
} from './solanaOrderTxTypes.ts'
import { solanaPriorityFeeLamports } from './solanaPriorityFeeLamports.ts'
import { takeBelowEstimation } from './takeBelowEstimation.ts'
import type { CheckVerdict } from './verifyEvmOrderTx.ts'

/**
 * Rent dln_src's create takes from the maker (docs/dln.md §1.4): giveOrderState 2115840,
 * giveOrderWallet 2039280 and, for a maker's first order, nonceMaster 1002240 lamports.
 */
export const DLN_CREATE_RENT_LAMPORTS = 2_115_840n + 2_039_280n + 1_002_240n

/**
 * Checks a real dln_src create-tx (docs/dln.md §4.10) against the intent: every key resolved (tables read); our key the fee payer and only signer;
 * only the programs and shapes of checkDlnSolanaInstructions; one create instruction whose
 * fields match the intent and whose accounts are the ones dln_src derives for its orderId, which
 * must be the announced one, taking no less than the answer's own estimation; what leaves us (the Jupiter input, else the SOL wrapped, else
 * giveOriginalAmount) within the requested input plus the opex bound; the priority fee under its
 * cap. The simulated value flow decides the rest. Pure.
 * @throws VerificationError when the bytes do not decode.
 */
export function checkDlnSolanaOrderTx(
  params: CheckSolanaOrderTxParams & { fixedFee: bigint; cap: bigint; transferFeeBps: bigint },
): SolanaOrderChecks {
  const { intent } = params
  let resolved: ReturnType<typeof resolveSolanaMessage>
  try {
    resolved = resolveSolanaMessage(params.txData, params.lookupTables)
  } catch (error) {
    throw new VerificationError(
      'tx.data',
      'a serialized Solana order transaction',
      (error as Error).message,
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
  const none = (priorityFeeLamports = 0n): SolanaOrderChecks => ({
    checks,
    orderId: undefined,
    priorityFeeLamports,
    verified: undefined,
  })
  for (const u of resolved.problems) fail(u.subject, 'a readable key', u.detail)
  if (resolved.problems.length > 0) return none()
  const wallet = intent.sender
  check('tx.feePayer', resolved.feePayer === wallet, wallet, resolved.feePayer, 'is not our wallet')
  const signers = resolved.tx.message.header.numRequiredSignatures
  check('tx.signers', signers === 1, 1, signers, 'must be our wallet alone')
  const programs = params.orderProgramId
    ? { dlnSource: params.orderProgramId, dlnDestination: '' }
    : undefined
  const { scan, problems } = checkDlnSolanaInstructions(resolved.instructions, { wallet, programs })
  for (const p of problems) fail(p.field, p.expected, p.actual, p.reason)
  const priority = solanaPriorityFeeLamports(scan).lamports
  check('computeBudget.priorityFee', priority <= params.cap, `<= ${params.cap}`, priority)
  const creates = scan.dln.filter(
    (d) => d.name === 'createOrder' || d.name === 'createOrderWithNonce',
  )
  if (creates.length !== 1 || scan.dln.length !== 1) {
    fail(
      'dln',
      'exactly one createOrder(WithNonce)',
      scan.names.filter((n) => n.startsWith('dln')).join(', ') || 'none',
    )
    return none(priority)
  }
  const create = creates[0] as Extract<DecodedDlnInstruction, { args: DlnCreateOrder }> & {
    index: number
  }
  const jupiter = scan.jupiter[0]
  const { maker, tokenMint } = create.accounts as { maker: string; tokenMint: string }
  checkDlnCreateOrder(
    create.args,
    create.accounts,
    intent,
    { preSwapMint: jupiter ? tokenMint : undefined },
    {
      fail,
      check,
      moved: (field, expected, actual) =>
        checks.push({ field, ok: false, error: new QuoteMovedError(field, expected, actual) }),
      amountIn: undefined,
    },
  )
  const order = dlnOrderOfCreate(create.args, { maker, tokenMint }, params.transferFeeBps)
  if (!order) {
    fail('dln.nonce', 'createOrderWithNonce (the orderId is known before signing)', create.name)
    return none(priority)
  }
  const orderId = computeOrderId(order)
  const program = resolved.instructions[create.index]!.programId
  checkDlnCreateAccounts(
    {
      program,
      accounts: create.accounts,
      takeChainId: order.takeChainId,
      orderId,
      jupiter: scan.jupiter,
    },
    check,
  )
  const lie = takeBelowEstimation(order.takeAmount, params.estimatedTakeAmount)
  if (lie) checks.push({ field: lie.field, ok: false, error: lie })
  check(
    'orderId',
    orderId === params.announcedOrderId.toLowerCase(),
    orderId,
    params.announcedOrderId,
    'announced by the service is not the one the instruction creates',
  )
  if (scan.jupiter.length > 1) fail('jupiter', 'at most one pre-swap', scan.jupiter.length)
  const native = intent.tokenIn === SOLANA_NATIVE_TOKEN
  const wrapped = scan.lamportTransfers.reduce((s, t) => s + t.lamports, 0n)
  const amountIn = jupiter
    ? jupiter.inAmount
    : native
      ? wrapped
      : create.args.orderArgs.giveOriginalAmount
  if (native && !jupiter) {
    check('give.mint', tokenMint === NATIVE_MINT.toBase58(), NATIVE_MINT.toBase58(), tokenMint)
    check(
      'give.wrapped',
      wrapped === create.args.orderArgs.giveOriginalAmount,
      create.args.orderArgs.giveOriginalAmount,
      wrapped,
      'is not the give',
    )
  } else if (!native && scan.lamportTransfers.length > 0 && !jupiter) {
    fail('lamportTransfers', 'none (the give is a token)', scan.lamportTransfers.length)
  }
  const maxIn = intent.amountIn + (intent.maxPrependedOpex ?? 0n)
  check(
    'give.amount',
    amountIn >= intent.amountIn && amountIn <= maxIn,
    `${intent.amountIn}..${maxIn}`,
    amountIn,
    'is outside the requested input plus the opex bound',
  )
  const verified: VerifiedSolanaOrder | undefined = checks.every((c) => c.ok)
    ? {
        orderId,
        order,
        amountIn,
        feeLamports: params.fixedFee,
        priorityFeeLamports: priority,
        // A wSOL account the tx creates and closes back to us costs no rent in the end: not
        // counted, so closing it to someone else shows in the simulated wallet outflow.
        tokenAccountCreates:
          scan.tokenAccountCreates.length -
          (scan.names.includes('SPL Token.CloseAccount') &&
          scan.tokenAccountCreates.some((c) => c.mint === NATIVE_MINT.toBase58())
            ? 1
            : 0),
        extraRentLamports: DLN_CREATE_RENT_LAMPORTS,
        orderGiveToken: native && !jupiter ? SOLANA_NATIVE_TOKEN : tokenMint,
      }
    : undefined
  return { checks, orderId: orderId as Hex, priorityFeeLamports: priority, verified }
}
