import { decodeFunctionData, type Hex, size } from 'viem'
import { describe, expect, test } from 'vitest'
import type { CreateTxParams } from '../../../../src/api/requests/buildCreateTxQuery.ts'
import { crosschainForwarderAbi } from '../../../../src/chains/abi/crosschainForwarderAbi.ts'
import { EVM_CONTRACTS } from '../../../../src/chains/chainRegistry.ts'
import { createMarket } from '../../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../../src/sim/quote/buildOrderQuote.ts'
import { QuoteBuildError } from '../../../../src/sim/quote/QuoteBuildError.ts'
import { simSwapRouterAbi } from '../../../../src/sim/quote/simSwapRouterAbi.ts'
import {
  ctx,
  decodeCreate,
  NATIVE,
  orderIdFromCalldata,
  quote,
  request,
  types,
  USDC_ARB,
  USDT_ARB,
  USDT_BASE,
  user,
  WBTC_POLYGON,
} from './orderQuoteHarness.ts'

describe('buildOrderQuote', () => {
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
