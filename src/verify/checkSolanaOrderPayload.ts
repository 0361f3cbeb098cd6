import { type Hex, hexToBigInt, size } from 'viem'
import type { SolanaOrderPayload } from '../chains/solana/solanaOrderPayload.ts'
import { toAddressBytes } from '../chains/toAddressBytes.ts'
import type { OrderIntent } from './orderIntent.ts'

/** How a check records its verdicts (the caller's list). */
export type SolanaCheckRecorders = {
  fail: (field: string, expected: unknown, actual: unknown, reason?: string) => void
  check: (field: string, ok: boolean, expected: unknown, actual: unknown, why?: string) => void
  /** Records a take below ferry's minimum: the market moved (economics, not integrity). */
  moved: (field: string, expected: string, actual: bigint) => void
  amountIn: bigint | undefined
}

/**
 * Holds the memo's order against the intent field by field, as the EVM verifier holds the
 * OrderCreation (P-7.x): maker, give chain, token and amount (net of the protocol fee in
 * `transferFeeBps` and the affiliate amount), take token, chain and least amount, receiver, both
 * authorities, cancel beneficiary, the allowedTaker policy, the hook only if requested, the
 * affiliate fee only if configured, and the referral code.
 */
export function checkSolanaOrderPayload(
  payload: SolanaOrderPayload,
  intent: OrderIntent,
  transferFeeBps: bigint,
  { fail, check, moved, amountIn }: SolanaCheckRecorders,
): void {
  const o = payload.order
  const src = intent.srcChainId
  const dst = intent.dstChainId
  const eq = (field: string, expected: Hex, actual: Hex): void =>
    check(field, expected.toLowerCase() === actual.toLowerCase(), expected, actual)
  const srcBytes = (a: string): Hex => toAddressBytes(a, src)
  const dstBytes = (a: string): Hex => toAddressBytes(a, dst)
  eq('order.makerSrc', srcBytes(intent.sender), o.makerSrc)
  check('order.giveChainId', o.giveChainId === BigInt(src), src, o.giveChainId)
  eq('order.giveTokenAddress', srcBytes(intent.tokenIn), o.giveTokenAddress)
  if (amountIn !== undefined) {
    check(
      'memo.creationGiveAmount',
      payload.creationGiveAmount === amountIn,
      amountIn,
      payload.creationGiveAmount,
      'differs from the give transfer',
    )
  }
  const affiliateAmount =
    size(payload.affiliateFee) > 32 ? hexToBigInt(`0x${payload.affiliateFee.slice(-64)}`) : 0n
  const wantGive =
    payload.creationGiveAmount -
    (payload.creationGiveAmount * transferFeeBps) / 10_000n -
    affiliateAmount
  check('order.giveAmount', o.giveAmount === wantGive, wantGive, o.giveAmount, 'is not net of fees')
  eq('order.takeTokenAddress', dstBytes(intent.tokenOut), o.takeTokenAddress)
  if (o.takeAmount >= intent.minTakeAmount) check('order.takeAmount', true, '', '')
  else moved('order.takeAmount', `>= ${intent.minTakeAmount}`, o.takeAmount)
  check('order.takeChainId', o.takeChainId === BigInt(dst), dst, o.takeChainId)
  eq('order.receiverDst', dstBytes(intent.receiver), o.receiverDst)
  eq('order.givePatchAuthoritySrc', srcBytes(intent.srcAuthority), o.givePatchAuthoritySrc)
  eq('order.orderAuthorityAddressDst', dstBytes(intent.dstAuthority), o.orderAuthorityAddressDst)
  eq(
    'order.allowedCancelBeneficiarySrc',
    srcBytes(intent.cancelBeneficiary),
    o.allowedCancelBeneficiarySrc,
  )
  const policy = intent.allowedTaker ?? 'any'
  const taker = o.allowedTakerDst.toLowerCase()
  if (policy === 'empty') check('order.allowedTakerDst', size(o.allowedTakerDst) === 0, '0x', taker)
  else if (policy !== 'any') {
    const accepted = policy.map((t) => dstBytes(t).toLowerCase())
    check(
      'order.allowedTakerDst',
      size(o.allowedTakerDst) === 0 || accepted.includes(taker),
      accepted.join(' | '),
      taker,
      'is not an accepted taker',
    )
  } else check('order.allowedTakerDst', true, 'any', taker)
  eq('order.externalCall', intent.externalCall ?? '0x', o.externalCall)
  // Affiliate: beneficiary bytes (32 on Solana) ‖ 32-byte amount (docs/dln.md §1.5).
  const affiliate = payload.affiliateFee
  if (!intent.affiliate) {
    check(
      'memo.affiliateFee',
      size(affiliate) === 0,
      '0x (none configured)',
      affiliate,
      'was injected',
    )
  } else if (size(affiliate) <= 32) {
    fail('memo.affiliateFee', 'the configured affiliate fee', affiliate)
  } else {
    eq(
      'memo.affiliateFee.beneficiary',
      srcBytes(intent.affiliate.recipient),
      `0x${affiliate.slice(2, -64)}`,
    )
    check(
      'memo.affiliateFee.amount',
      affiliateAmount === intent.affiliate.amount,
      intent.affiliate.amount,
      affiliateAmount,
    )
  }
  const referral = intent.referralCode ?? 0
  check('memo.referralCode', payload.referralCode === referral, referral, payload.referralCode)
}
