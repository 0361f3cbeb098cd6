import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  orderQuoteOnlySchema,
  orderTxResponseSchema,
} from '../../../../src/api/schemas/orderQuote.ts'
import { EVM_CONTRACTS } from '../../../../src/chains/chainRegistry.ts'
import { encodeHookBytes } from '../../../../src/chains/hooks/encodeHookBytes.ts'
import { decodeCreate, orderIdFromCalldata, quote, types, user } from './orderQuoteHarness.ts'

describe('buildOrderQuote', () => {
  test('default: a reserve-to-reserve order needs no swap and its orderId matches the calldata', () => {
    const q = quote()
    expect(orderTxResponseSchema.safeParse(q).success).toBe(true)
    expect(types(q)).toEqual(['DlnProtocolFee', 'TakerMargin', 'EstimatedOperatingExpenses'])
    expect(q.estimation.srcChainTokenIn.mutatedWithOperatingExpense).toBe(false)
    expect(q.estimation.srcChainTokenIn.amount).toBe('1000000000')
    expect(q.prependedOperatingExpenseCost).toBeUndefined()
    expect(q.tx?.gasLimit).toBeUndefined()
    const args = decodeCreate(q.tx?.data as Hex)
    expect(orderIdFromCalldata(args, user, 42161n)).toBe(q.orderId)
  })

  test('behavior: quote-only when an authority is missing: no tx, no orderId', () => {
    const q = quote({ dstChainOrderAuthorityAddress: undefined })
    expect(q.tx).toBeUndefined()
    expect(q.orderId).toBeUndefined()
    expect(orderQuoteOnlySchema.safeParse(q).success).toBe(true)
    expect(q.estimation.dstChainTokenOut.amount).toBe(quote().estimation.dstChainTokenOut.amount)
  })

  test('behavior: a fixed take amount makes a limit order with that take amount', () => {
    const market = quote()
    const limit = quote({ dstChainTokenOutAmount: 990_000_000n })
    expect(limit.estimation.dstChainTokenOut.amount).toBe('990000000')
    expect(limit.estimation.dstChainTokenOut.recommendedAmount).toBe(
      market.estimation.dstChainTokenOut.amount,
    )
    expect(decodeCreate(limit.tx?.data as Hex)[0].takeAmount).toBe(990_000_000n)
    expect(limit.orderId).not.toBe(market.orderId)
  })

  test('behavior: additionalTakerRewardBps raises the margin; the amount variants are ordered', () => {
    const q = quote({ additionalTakerRewardBps: 6 })
    const margin = q.estimation.costsDetails.find((c) => c.type === 'TakerMargin')
    expect(margin?.payload?.feeBps).toBe('10')
    const out = q.estimation.dstChainTokenOut
    const amount = BigInt(out.amount)
    const without = BigInt(out.withoutAdditionalTakerRewardsAmount ?? 0)
    const max = BigInt(out.maxTheoreticalAmount)
    expect(without).toBe(BigInt(quote().estimation.dstChainTokenOut.amount))
    expect(amount).toBeLessThan(without)
    expect(without).toBeLessThan(max)
    expect(out.withoutAdditionalTakerRewardsApproximateUsdValue).toBeGreaterThan(
      out.approximateUsdValue,
    )
  })

  test('behavior: the affiliate fee comes out of the give amount and travels as 52 bytes', () => {
    const recipient = '0x3333333333333333333333333333333333333333'
    const q = quote({ affiliateFeePercent: 0.1, affiliateFeeRecipient: recipient })
    expect(types(q)).toEqual([
      'DlnProtocolFee',
      'AffiliateFee',
      'TakerMargin',
      'EstimatedOperatingExpenses',
    ])
    const [fee, affiliate] = q.estimation.costsDetails
    // DlnSource takes the protocol fee on the whole creation amount (docs/dln.md §4.2).
    expect(fee?.payload?.feeAmount).toBe('400000')
    expect(affiliate?.payload?.feeAmount).toBe('1000000')
    const args = decodeCreate(q.tx?.data as Hex)
    expect(args[2]).toBe(`${recipient}${1_000_000n.toString(16).padStart(64, '0')}`)
    expect(orderIdFromCalldata(args, user, 42161n)).toBe(q.orderId)
  })

  test('behavior: points are 100 per USD of fees; the integrator gets 25 % with a referral code', () => {
    const plain = quote()
    // $0.4 protocol fee + 0.001 ETH at $3000.
    expect(plain.userPoints).toBe(340)
    expect(plain.integratorPoints).toBe(0)
    const referred = quote({ referralCode: 31805 })
    expect(referred.integratorPoints).toBe(85)
    expect(decodeCreate(referred.tx?.data as Hex)[3]).toBe(31805)
  })

  test('behavior: enableEstimate asks the injected estimator for the gas limit', () => {
    const seen: string[] = []
    const q = quote(
      { enableEstimate: true },
      {
        estimateGas: (r) => {
          seen.push(`${r.chainId}:${r.to}:${r.value}`)
          return 123_456
        },
      },
    )
    expect(q.tx?.gasLimit).toBe(123_456)
    expect(seen).toEqual([`42161:${EVM_CONTRACTS.dlnSource}:${10n ** 15n}`])
    expect(q.estimatedTransactionFee?.details.gasLimit).toBe('123456')
    expect(quote({ enableEstimate: true }).tx?.gasLimit).toBe(260_000)
  })

  test('behavior: a hook is encoded into externalCall and changes the orderId', () => {
    const netHook = {
      type: 'evm_transaction_call',
      data: {
        to: '0x4444444444444444444444444444444444444444',
        calldata: '0xdeadbeef',
        gas: 100_000,
      },
    } as const
    const q = quote({ netHook })
    const args = decodeCreate(q.tx?.data as Hex)
    expect(args[0].externalCall).toBe(encodeHookBytes(netHook, user))
    expect(q.orderId).not.toBe(quote().orderId)
    expect(orderIdFromCalldata(args, user, 42161n)).toBe(q.orderId)
  })

  test('behavior: metadata and the other optional addresses reach the order', () => {
    const taker = '0x5555555555555555555555555555555555555555'
    const q = quote({ allowedTaker: taker, srcAllowedCancelBeneficiary: user, metadata: 'hi' })
    const [creation] = decodeCreate(q.tx?.data as Hex)
    expect(creation.allowedTakerDst).toBe(taker)
    expect(creation.allowedCancelBeneficiarySrc).toBe(user)
    expect(q.order?.metadata.endsWith('6869')).toBe(true)
  })
})
