import { keccak256, toHex } from 'viem'
import { EVM_NATIVE_TOKEN } from '../../src/api/requests/addressRules.ts'
import { BUILD_ADDRESS_PARAMS } from '../../src/api/requests/buildCreateTxQuery.ts'
import type { OrderQuote } from '../../src/api/schemas/orderQuote.ts'
import type { SwapQuote } from '../../src/api/schemas/swapQuote.ts'
import type {
  CreateTxInput,
  QuoteOrderFn,
  QuoteSwapFn,
} from '../../src/sim/server/simServerDeps.ts'

/** DlnSource of the classic EVM chains (docs/dln.md §4.1); the double's tx.to. */
const DLN_SOURCE = '0xeF4fB24aD0916217251F553c0596F8Edc630EB66'
/** The flat fee the double charges, in native base units. */
export const DOUBLE_FIX_FEE = 1_000_000_000_000_000n

const token = (address: string, chainId: number) => ({
  address,
  name: 'Token',
  symbol: 'TKN',
  decimals: 6,
  chainId,
})

/**
 * A stand-in for the real cross-chain quote builder: schema-valid answers with simple maths
 * (output = input - 8 bps), tx only when the rule-1 addresses are all set, an orderId that
 * depends on every parameter. The sim tests check the HTTP layer, not the economics.
 */
export const quoteOrderDouble: QuoteOrderFn = (params, ctx) => {
  const amountIn = BigInt(params.srcChainTokenInAmount)
  const amountOut = amountIn - (amountIn * 8n) / 10_000n
  const buildable = BUILD_ADDRESS_PARAMS.every((k) => params[k] !== undefined)
  const isNative = params.srcChainTokenIn.toLowerCase() === EVM_NATIVE_TOKEN
  const quote: OrderQuote = {
    estimation: {
      srcChainTokenIn: {
        ...token(params.srcChainTokenIn, params.srcChainId),
        amount: amountIn.toString(),
        approximateOperatingExpense: '0',
        mutatedWithOperatingExpense: false,
        approximateUsdValue: Number(amountIn) / 1e6,
        originApproximateUsdValue: Number(amountIn) / 1e6,
      },
      dstChainTokenOut: {
        ...token(params.dstChainTokenOut, params.dstChainId),
        amount: amountOut.toString(),
        recommendedAmount: amountOut.toString(),
        maxTheoreticalAmount: amountOut.toString(),
        approximateUsdValue: Number(amountOut) / 1e6,
        recommendedApproximateUsdValue: Number(amountOut) / 1e6,
        maxTheoreticalApproximateUsdValue: Number(amountOut) / 1e6,
      },
      recommendedSlippage: 0.5,
      costsDetails: [],
    },
    order: { approximateFulfillmentDelay: 2, salt: ctx.nowMs, metadata: '0x' },
    fixFee: DOUBLE_FIX_FEE.toString(),
    userPoints: 1,
    integratorPoints: params.referralCode === undefined ? 0 : 0.25,
  }
  if (!buildable) return quote
  return {
    ...quote,
    orderId: orderIdOf(params, ctx.nowMs),
    tx: {
      to: DLN_SOURCE,
      data: '0x',
      value: (isNative ? amountIn + DOUBLE_FIX_FEE : DOUBLE_FIX_FEE).toString(),
      ...(isNative ? {} : { allowanceTarget: DLN_SOURCE }),
      ...(params.enableEstimate ? { gasLimit: 250_000 } : {}),
    },
  }
}

function orderIdOf(params: CreateTxInput, saltMs: number): string {
  return keccak256(toHex(JSON.stringify({ ...params, saltMs })))
}

/** A stand-in for the real single-chain swap builder, with four compared aggregators. */
export const quoteSwapDouble: QuoteSwapFn = (params) => {
  const amountIn = BigInt(params.tokenInAmount)
  const amountOut = amountIn - (amountIn * 5n) / 10_000n
  const slippage =
    params.slippage === 'auto' || params.slippage === undefined ? 0.5 : params.slippage
  const quote: SwapQuote = {
    tokenIn: {
      ...token(params.tokenIn, params.chainId),
      amount: amountIn.toString(),
      approximateUsdValue: 1,
    },
    tokenOut: {
      ...token(params.tokenOut, params.chainId),
      amount: amountOut.toString(),
      minAmount: ((amountOut * BigInt(10_000 - Math.round(slippage * 100))) / 10_000n).toString(),
      approximateUsdValue: 1,
    },
    slippage,
    ...(params.slippage === 'auto' || params.slippage === undefined
      ? { recommendedSlippage: 0.5 }
      : {}),
    comparedAggregators: ['1inch', '0x', 'KyberSwap', 'OKX'].map((name, i) => ({
      name,
      amount: (amountOut - BigInt(i)).toString(),
      approximateUsdValue: 1,
      priceDrop: i * 0.01,
      imageUrl: `https://example.invalid/${name}.png`,
    })),
    tx: { to: DLN_SOURCE, data: '0x', value: '0' },
  }
  return quote
}
