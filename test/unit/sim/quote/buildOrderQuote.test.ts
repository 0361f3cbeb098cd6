import { decodeFunctionData, type Hex, size, slice } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  type CreateTxParams,
  createTxParamsSchema,
} from '../../../../src/api/requests/buildCreateTxQuery.ts'
import {
  orderQuoteOnlySchema,
  orderQuoteSchema,
  orderTxResponseSchema,
} from '../../../../src/api/schemas/orderQuote.ts'
import { crosschainForwarderAbi } from '../../../../src/chains/abi/crosschainForwarderAbi.ts'
import { dlnSourceAbi } from '../../../../src/chains/abi/dlnSourceAbi.ts'
import { EVM_CONTRACTS } from '../../../../src/chains/chainRegistry.ts'
import { encodeHookBytes } from '../../../../src/chains/hooks/encodeHookBytes.ts'
import { computeOrderId } from '../../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrderCreation } from '../../../../src/chains/orderId/dlnOrder.ts'
import { createMarket } from '../../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../../src/sim/quote/buildOrderQuote.ts'
import { QuoteBuildError } from '../../../../src/sim/quote/QuoteBuildError.ts'
import type { QuoteContext } from '../../../../src/sim/quote/quoteContext.ts'
import { simSwapRouterAbi } from '../../../../src/sim/quote/simSwapRouterAbi.ts'

const user = '0x2222222222222222222222222222222222222222'
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const USDT_ARB = '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const USDT_BASE = '0xfde4c96c8593536e31f229ea8f37b2ada2699bb2'
const WBTC_POLYGON = '0x1bfd67037b42cf73acf2047067bd4f2c47d9bfd6'
const NATIVE = '0x0000000000000000000000000000000000000000'

const addresses = {
  dstChainTokenOutRecipient: user,
  srcChainOrderAuthorityAddress: user,
  dstChainOrderAuthorityAddress: user,
  senderAddress: user,
}

const request = (
  over: Partial<CreateTxParams> = {},
): ReturnType<typeof createTxParamsSchema.parse> =>
  createTxParamsSchema.parse({
    srcChainId: 42161,
    srcChainTokenIn: USDC_ARB,
    srcChainTokenInAmount: 1_000_000_000n,
    dstChainId: 8453,
    dstChainTokenOut: USDC_BASE,
    dstChainTokenOutAmount: 'auto',
    ...addresses,
    ...over,
  })

const ctx = (over: Partial<QuoteContext> = {}): QuoteContext => ({
  market: createMarket(),
  nowMs: 1_767_225_600_000,
  ...over,
})

const quote = (over: Partial<CreateTxParams> = {}, context: Partial<QuoteContext> = {}) => {
  const answer = buildOrderQuote(request(over), ctx(context))
  // Every answer the simulator builds must parse with the client's own schema.
  expect(orderQuoteSchema.parse(answer)).toBeTruthy()
  return answer
}

const types = (q: ReturnType<typeof quote>): string[] =>
  q.estimation.costsDetails.map((c) => c.type)

type CreateArgs = readonly [DlnOrderCreation, bigint, Hex, number, Hex, Hex]

const decodeCreate = (data: Hex): CreateArgs => {
  const call = decodeFunctionData({ abi: dlnSourceAbi, data })
  expect(call.functionName).toBe('createSaltedOrder')
  return call.args as unknown as CreateArgs
}

/** Recomputes the orderId from the calldata as DlnSource would (docs/dln.md §4.2). */
const orderIdFromCalldata = (args: CreateArgs, maker: Hex, giveChainId: bigint, feeBps = 4n) => {
  const [c, salt, affiliateFee] = args
  const affiliate = size(affiliateFee) === 52 ? BigInt(slice(affiliateFee, 20)) : 0n
  return computeOrderId({
    makerOrderNonce: salt,
    makerSrc: maker,
    giveChainId,
    giveTokenAddress: c.giveTokenAddress.toLowerCase() as Hex,
    giveAmount: c.giveAmount - (c.giveAmount * feeBps) / 10_000n - affiliate,
    takeChainId: c.takeChainId,
    takeTokenAddress: c.takeTokenAddress,
    takeAmount: c.takeAmount,
    receiverDst: c.receiverDst,
    givePatchAuthoritySrc: c.givePatchAuthoritySrc.toLowerCase() as Hex,
    orderAuthorityAddressDst: c.orderAuthorityAddressDst,
    allowedTakerDst: c.allowedTakerDst,
    allowedCancelBeneficiarySrc: c.allowedCancelBeneficiarySrc,
    externalCall: c.externalCall,
  })
}

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

  test('behavior: non-reserve input is pre-swapped through the forwarder into USDC', () => {
    const q = quote({ srcChainTokenIn: USDT_ARB, prependOperatingExpenses: true })
    expect(types(q)).toEqual([
      'PreSwap',
      'PreSwapEstimatedSlippage',
      'DlnProtocolFee',
      'TakerMargin',
      'EstimatedOperatingExpenses',
    ])
    const [preSwap, slippage, fee] = q.estimation.costsDetails
    const out = q.estimation.srcChainTokenOut
    expect(out?.address).toBe(USDC_ARB)
    expect(preSwap?.amountIn).toBe(q.estimation.srcChainTokenIn.amount)
    expect(slippage?.amountOut).toBe(out?.amount)
    expect(slippage?.payload?.feeAmount).toBe(out?.maxRefundAmount)
    expect(fee?.amountIn).toBe(out?.amount)
    expect(q.tx?.to).toBe(EVM_CONTRACTS.forwarder)
    expect(q.tx?.allowanceTarget).toBe(EVM_CONTRACTS.forwarder)
    expect(q.tx?.data.slice(0, 10)).toBe('0x4d8160ba')

    const outer = decodeFunctionData({ abi: crosschainForwarderAbi, data: q.tx?.data as Hex })
    if (outer.functionName !== 'strictlySwapAndCall') throw new Error(outer.functionName)
    const [tokenIn, amountIn, , router, swapData, tokenOut, expectedOut, refund, receiver, inner] =
      outer.args
    expect([tokenIn.toLowerCase(), tokenOut.toLowerCase()]).toEqual([USDT_ARB, USDC_ARB])
    expect(amountIn.toString()).toBe(q.estimation.srcChainTokenIn.amount)
    expect(expectedOut.toString()).toBe(out?.amount)
    expect(refund.toLowerCase()).toBe(user)
    expect(receiver).toBe(EVM_CONTRACTS.dlnSource)
    expect(router).toBe('0x5157000000000000000000000000000000005157')
    const swap = decodeFunctionData({ abi: simSwapRouterAbi, data: swapData })
    expect(swap.args[3]).toBe(expectedOut)
    const args = decodeCreate(inner)
    expect(args[0].giveAmount.toString()).toBe(out?.amount)
    expect(orderIdFromCalldata(args, user, 42161n)).toBe(q.orderId)
  })

  test('behavior: output other than the destination reserve is after-swapped', () => {
    const q = quote({ dstChainId: 137, dstChainTokenOut: WBTC_POLYGON })
    expect(types(q).slice(-2)).toEqual(['AfterSwap', 'AfterSwapEstimatedSlippage'])
    const [afterSwap, slippage] = q.estimation.costsDetails.slice(-2)
    expect(afterSwap?.tokenIn).toBe('0x3c499c542cef5e3811e1192ce70d8cc03d5c3359')
    expect(afterSwap?.tokenOut).toBe(WBTC_POLYGON)
    expect(BigInt(afterSwap?.payload?.amountOutBeforeCorrection ?? 0)).toBeGreaterThanOrEqual(
      BigInt(afterSwap?.amountOut ?? 0),
    )
    expect(slippage?.amountOut).toBe(q.estimation.dstChainTokenOut.amount)
    // USDC (vol 0) -> BTC (vol 20) with the 10 bps base.
    expect(slippage?.payload?.feeBps).toBe('30')
    expect(q.estimation.recommendedSlippage).toBe(0.3)
  })

  test('behavior: native input pays fixFee plus the amount, and has no allowance target', () => {
    const q = quote({ srcChainTokenIn: NATIVE, srcChainTokenInAmount: 10n ** 18n })
    expect(q.tx?.to).toBe(EVM_CONTRACTS.dlnSource)
    expect(q.tx?.value).toBe((10n ** 18n + 10n ** 15n).toString())
    expect(q.tx?.allowanceTarget).toBeUndefined()
    // ETH on Arbitrum is a reserve; USDC on Base is not ETH, so it is bought after the fill.
    expect(types(q)).toEqual([
      'DlnProtocolFee',
      'TakerMargin',
      'EstimatedOperatingExpenses',
      'AfterSwap',
      'AfterSwapEstimatedSlippage',
    ])
    expect(q.estimation.costsDetails[1]?.tokenIn).toBe(NATIVE)
  })

  test('behavior: ptp keeps both tokens: no pre- or after-swap', () => {
    const q = quote({ srcChainTokenIn: USDT_ARB, dstChainTokenOut: USDT_BASE, ptp: true })
    expect(types(q)).toEqual(['DlnProtocolFee', 'TakerMargin', 'EstimatedOperatingExpenses'])
    expect(q.estimation.costsDetails[0]?.tokenIn).toBe(USDT_ARB)
    expect(q.estimation.costsDetails[1]?.tokenIn).toBe(USDT_BASE)
    expect(q.tx?.to).toBe(EVM_CONTRACTS.dlnSource)
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

  test('behavior: bigger non-reserve orders lose more to price impact', () => {
    const impact = (amount: bigint): number => {
      const q = quote({ srcChainTokenIn: NATIVE, srcChainTokenInAmount: amount })
      return q.usdPriceImpact as number
    }
    expect(impact(10n ** 23n)).toBeLessThan(impact(10n ** 21n))
    expect(impact(10n ** 21n)).toBeLessThan(0)
  })

  test('behavior: same inputs give the same answer; a walk step moves a volatile quote', () => {
    const params = { srcChainTokenIn: NATIVE, srcChainTokenInAmount: 10n ** 18n }
    expect(quote(params)).toEqual(quote(params))
    const market = createMarket({ defaultWalkStepBps: 100 })
    const before = quote(params, { market }).estimation.dstChainTokenOut.amount
    market.step()
    expect(quote(params, { market }).estimation.dstChainTokenOut.amount).not.toBe(before)
  })

  test('behavior: too small an amount or an unknown token is a typed error', () => {
    const fail = (over: Partial<CreateTxParams>): QuoteBuildError => {
      try {
        buildOrderQuote(request(over), ctx())
      } catch (error) {
        if (error instanceof QuoteBuildError) return error
        throw error
      }
      throw new Error('no error')
    }
    expect(fail({ srcChainTokenInAmount: 1000n }).errorId).toBe('ERROR_LOW_GIVE_AMOUNT')
    expect(fail({ srcChainTokenIn: '0x912ce59144191c1204e64559fe8253a0e49e6548' }).errorId).toBe(
      'UNSUPPORTED_TOKEN_IN',
    )
    expect(fail({ dstChainTokenOut: USDC_ARB }).errorId).toBe('UNSUPPORTED_TOKEN_OUT')
  })

  test('behavior: a Solana destination gets 32-byte take token and receiver', () => {
    const key = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
    const q = quote({
      dstChainId: 7565164,
      dstChainTokenOut: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      dstChainTokenOutRecipient: key,
      dstChainOrderAuthorityAddress: key,
    })
    const [creation] = decodeCreate(q.tx?.data as Hex)
    expect(size(creation.takeTokenAddress)).toBe(32)
    expect(size(creation.receiverDst)).toBe(32)
    expect(creation.takeChainId).toBe(7565164n)
    expect(orderIdFromCalldata(decodeCreate(q.tx?.data as Hex), user, 42161n)).toBe(q.orderId)
  })
})
