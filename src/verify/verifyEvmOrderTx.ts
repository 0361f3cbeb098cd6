import { type Hex, size } from 'viem'
import { EVM_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import { type EvmAllowList, evmAllowList } from '../chains/evmAllowList.ts'
import { computeOrderId } from '../chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import { toAddressBytes } from '../chains/toAddressBytes.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { checkOrderAffiliate } from './checkOrderAffiliate.ts'
import { type DecodedOrderCall, decodeOrderCalldata } from './decodeOrderCalldata.ts'
import { deriveOrder } from './deriveOrder.ts'
import type { OrderIntent } from './orderIntent.ts'
import { QuoteMovedError } from './QuoteMovedError.ts'
import { takeBelowEstimation } from './takeBelowEstimation.ts'

/** The transaction as the service returned it (docs/service.md §2.6 `tx`). */
export type EvmTxToVerify = { to: string; data: Hex; value: bigint }

/** Chain facts read on-chain just before signing (safety P-1.4, P-2.12). */
export type EvmOnChainFacts = {
  /** `DlnSource.globalFixedNativeFee()` in wei. Authoritative over the service's fixFee. */
  fixedFeeWei: bigint
  /** `DlnSource.globalTransferFeeBps()`. */
  transferFeeBps: bigint
  /** `DlnSource.masterNonce(sender)`; needed only for the deprecated createOrder. */
  masterNonce?: bigint
}

/** What a verified order transaction will do, for the journal and the threshold maths. */
export type VerifiedEvmOrder = {
  orderId: Hex
  order: DlnOrder
  call: DecodedOrderCall
  /** Input the wallet gives (what to approve), in input base units. */
  amountIn: bigint
  /** The spender to approve: the transaction's own target (docs/dln.md §1.4). */
  spender: string
  valueWei: bigint
}

/** Inputs of {@link checkEvmOrderTx} and {@link verifyEvmOrderTx}. */
export type CheckEvmOrderTxParams = {
  tx: EvmTxToVerify
  intent: OrderIntent
  onChain: EvmOnChainFacts
  announcedOrderId: string
  /**
   * `estimation.dstChainTokenOut.amount` of the same answer: an order taking less is an
   * integrity failure, not a moved price (takeBelowEstimation).
   */
  estimatedTakeAmount?: bigint
  allowListOverride?: Partial<EvmAllowList>
  /**
   * The permit envelope ferry signed for this order (docs/safety.md §10): the calldata must carry
   * exactly it. Default none: the envelope must be empty.
   */
  permitEnvelope?: Hex
}

/** The verdict of one check: the field and, when it failed, why. */
export type CheckVerdict =
  | { field: string; ok: true }
  | { field: string; ok: false; error: VerificationError | QuoteMovedError }

/** Every check's verdict, in order; `verified` is set only when all passed. */
export type EvmOrderChecks = {
  checks: CheckVerdict[]
  call: DecodedOrderCall
  /** The orderId the calldata creates, when it could be derived. */
  orderId: Hex | undefined
  verified: VerifiedEvmOrder | undefined
}

/**
 * Checks a create-tx transaction against ferry's own intent, field by field
 * (safety P-1.1..P-1.4, P-7.1..P-7.8): the target is on the chain's allow-list, the selector is
 * known, the calldata re-encodes byte for byte, every OrderCreation field matches the intent, the
 * value equals the on-chain fixed fee (plus the amount for native input), and the orderId
 * recomputed from the decoded order equals the one the service announced.
 * Decoding failures and a chain without an allow-list throw at once; every other check is
 * recorded, so `ferry inspect` can show them all.
 */
export function checkEvmOrderTx(params: CheckEvmOrderTxParams): EvmOrderChecks {
  const { tx, intent, onChain } = params
  const checks: CheckVerdict[] = []
  const fail = (field: string, expected: unknown, actual: unknown, reason?: string): void => {
    checks.push({ field, ok: false, error: new VerificationError(field, expected, actual, reason) })
  }
  const pass = (field: string): void => {
    checks.push({ field, ok: true })
  }
  const guard = (field: string, run: () => void): void => {
    try {
      run()
      pass(field)
    } catch (error) {
      if (!(error instanceof VerificationError)) throw error
      checks.push({ field: error.field, ok: false, error })
    }
  }
  const checkEnvelope = (
    field: string,
    actual: Hex,
    want = params.permitEnvelope ?? '0x',
  ): void => {
    if (actual.toLowerCase() !== want.toLowerCase()) {
      const why =
        actual === '0x' ? 'does not consume the signed permit' : 'is not the permit signed'
      fail(field, want, actual, want === '0x' ? undefined : why)
    }
  }
  const src = intent.srcChainId
  const dst = intent.dstChainId
  const allow = evmAllowList(src, params.allowListOverride)
  if (!allow) {
    throw new VerificationError(
      'chain',
      'a chain with known DLN contracts',
      src,
      'has no allow-list',
    )
  }
  const to = tx.to.toLowerCase()
  if (to !== allow.dlnSource && to !== allow.forwarder) {
    fail('tx.to', `${allow.dlnSource} or ${allow.forwarder}`, tx.to, 'is not allow-listed')
  } else pass('tx.to')
  const call = decodeOrderCalldata(tx.data)
  pass('tx.data')
  const wantForwarder = call.swap !== undefined
  if (wantForwarder !== (to === allow.forwarder)) {
    fail('tx.to', wantForwarder ? allow.forwarder : allow.dlnSource, tx.to, 'does not fit the call')
  }
  const c = call.creation
  const eq = (field: string, expected: string, actual: string): void => {
    if (expected.toLowerCase() !== actual.toLowerCase()) fail(field, expected, actual)
    else pass(field)
  }
  const srcBytes = (a: string): Hex => toAddressBytes(a, src)
  const dstBytes = (a: string): Hex => toAddressBytes(a, dst)
  const tokenInIsNative = srcBytes(intent.tokenIn) === EVM_NATIVE_TOKEN
  const maxIn = intent.amountIn + (intent.maxPrependedOpex ?? 0n)
  const checkAmountIn = (field: string, amount: bigint): void => {
    if (amount < intent.amountIn || amount > maxIn) {
      fail(
        field,
        `${intent.amountIn}..${maxIn}`,
        amount,
        'is outside the requested input plus the opex bound',
      )
    }
  }

  let amountIn: bigint
  if (call.swap) {
    const s = call.swap
    eq('tx.data._srcTokenIn', srcBytes(intent.tokenIn), s.tokenIn)
    checkAmountIn('tx.data._srcAmountIn', s.amountIn)
    checkEnvelope('tx.data._srcTokenInPermitEnvelope', s.permitEnvelope)
    eq('tx.data._srcTokenRefundRecipient', srcBytes(intent.sender), s.refundRecipient)
    eq('tx.data._receiver', allow.dlnSource, s.receiver)
    eq('order.giveTokenAddress', s.tokenOut, c.giveTokenAddress)
    // A pre-swap only where one is needed (P-8.7): the same token in and out is a direct order
    // wrapped to run arbitrary router calldata with ferry's tokens.
    if (s.tokenOut.toLowerCase() === srcBytes(intent.tokenIn).toLowerCase()) {
      fail('tx.to', allow.dlnSource, tx.to, 'wraps an order that needs no pre-swap')
    }
    if (s.expectedAmountOut <= 0n) {
      fail(
        'tx.data._srcTokenExpectedAmountOut',
        '> 0',
        s.expectedAmountOut,
        'expects no swap output',
      )
    }
    if (c.giveAmount !== s.expectedAmountOut) {
      fail('order.giveAmount', s.expectedAmountOut, c.giveAmount, 'differs from the swap output')
    }
    amountIn = s.amountIn
  } else {
    eq('order.giveTokenAddress', srcBytes(intent.tokenIn), c.giveTokenAddress)
    checkAmountIn('order.giveAmount', c.giveAmount)
    amountIn = c.giveAmount
  }
  if (c.giveAmount <= 0n) fail('order.giveAmount', '> 0', c.giveAmount, 'gives nothing')
  eq('order.takeTokenAddress', dstBytes(intent.tokenOut), c.takeTokenAddress)
  if (c.takeAmount < intent.minTakeAmount) {
    // The market moved, the payload did not lie: economics, not integrity.
    const field = 'order.takeAmount'
    checks.push({
      field,
      ok: false,
      error: new QuoteMovedError(field, `>= ${intent.minTakeAmount}`, c.takeAmount),
    })
  }
  // A take below the answer's own estimation is the service contradicting itself: integrity.
  const lie = takeBelowEstimation(c.takeAmount, params.estimatedTakeAmount)
  if (lie) checks.push({ field: lie.field, ok: false, error: lie })
  if (c.takeChainId !== BigInt(dst)) fail('order.takeChainId', dst, c.takeChainId)
  eq('order.receiverDst', dstBytes(intent.receiver), c.receiverDst)
  eq('order.givePatchAuthoritySrc', srcBytes(intent.srcAuthority), c.givePatchAuthoritySrc)
  eq('order.orderAuthorityAddressDst', dstBytes(intent.dstAuthority), c.orderAuthorityAddressDst)
  eq(
    'order.allowedCancelBeneficiarySrc',
    srcBytes(intent.cancelBeneficiary),
    c.allowedCancelBeneficiarySrc,
  )
  guard('order.allowedTakerDst', () => checkAllowedTaker(intent, c.allowedTakerDst, dstBytes))
  eq('order.externalCall', intent.externalCall ?? '0x', c.externalCall)
  // With a pre-swap the forwarder spends the permit; DlnSource's own envelope stays empty.
  if (call.swap) checkEnvelope('tx.data._permitEnvelope', call.permitEnvelope, '0x')
  else checkEnvelope('tx.data._permitEnvelope', call.permitEnvelope)
  guard('tx.data._affiliateFee', () => checkOrderAffiliate(intent, call.affiliateFee, srcBytes))
  if (call.referralCode !== (intent.referralCode ?? 0)) {
    fail('tx.data._referralCode', intent.referralCode ?? 0, call.referralCode)
  }

  const expectedValue = onChain.fixedFeeWei + (tokenInIsNative ? amountIn : 0n)
  if (tx.value !== expectedValue) {
    fail('tx.value', expectedValue, tx.value, 'is not the on-chain fixed fee (plus native input)')
  }

  if (call.salt === undefined && onChain.masterNonce === undefined) {
    fail('tx.data', 'createSaltedOrder', 'createOrder', 'needs the maker nonce, which was not read')
    return { checks, call, orderId: undefined, verified: undefined }
  }
  const orderOf = (maker: string) =>
    deriveOrder(call, {
      sender: srcBytes(maker),
      srcChainId: src,
      transferFeeBps: onChain.transferFeeBps,
      masterNonce: onChain.masterNonce,
    })
  const order = orderOf(intent.maker ?? intent.sender)
  const orderId = computeOrderId(order)
  // A service told the Safe sends computes the id with the Safe as maker; the chain uses the
  // executing key (tx.origin). Either is the same calldata (docs/dln.md §4.8).
  const announced = params.announcedOrderId.toLowerCase()
  const viaSafe =
    intent.maker !== undefined && intent.maker.toLowerCase() !== intent.sender.toLowerCase()
  const asAnnounced =
    viaSafe && orderId.toLowerCase() !== announced
      ? computeOrderId(orderOf(intent.sender))
      : orderId
  const idNote = 'announced by the service is not the one the calldata creates'
  if (asAnnounced.toLowerCase() !== announced)
    fail('orderId', orderId, params.announcedOrderId, idNote)
  else pass('orderId')
  const verified = checks.every((c) => c.ok)
    ? { orderId, order, call, amountIn, spender: to, valueWei: tx.value }
    : undefined
  return { checks, call, orderId, verified }
}

/**
 * Verifies a create-tx transaction against ferry's own intent before anything signs it: runs
 * {@link checkEvmOrderTx} and throws the first failed check's {@link VerificationError}, or, when
 * only the take fell below ferry's minimum, a {@link QuoteMovedError} (economics).
 */
export function verifyEvmOrderTx(params: CheckEvmOrderTxParams): VerifiedEvmOrder {
  const result = checkEvmOrderTx(params)
  const failed = result.checks.flatMap((c) => (c.ok ? [] : [c.error]))
  // An integrity failure wins over a moved price: a payload that lies is never "just" economics.
  const integrity = failed.find((e) => e instanceof VerificationError)
  if (integrity) throw integrity
  if (failed[0]) throw failed[0]
  return result.verified!
}

function checkAllowedTaker(intent: OrderIntent, actual: Hex, toBytes: (a: string) => Hex): void {
  const policy = intent.allowedTaker ?? 'any'
  if (policy === 'any') return
  if (policy === 'empty') {
    if (size(actual) !== 0)
      throw new VerificationError('order.allowedTakerDst', '0x (none)', actual)
    return
  }
  const allowed = policy.map((t) => toBytes(t).toLowerCase())
  if (size(actual) !== 0 && !allowed.includes(actual.toLowerCase())) {
    throw new VerificationError(
      'order.allowedTakerDst',
      allowed.join(' | '),
      actual,
      'is not an accepted taker',
    )
  }
}
