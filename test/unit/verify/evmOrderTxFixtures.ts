/** Shared fixtures of the EVM order-tx verification tests: sim quotes and re-encoding. */
import { encodeFunctionData, type Hex } from 'viem'
import {
  buildCreateTxQuery,
  type CreateTxParams,
  createTxParamsSchema,
} from '../../../src/api/requests/buildCreateTxQuery.ts'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { createMarket } from '../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../src/sim/quote/buildOrderQuote.ts'
import type { DecodedOrderCall } from '../../../src/verify/decodeOrderCalldata.ts'
import type { OrderIntent } from '../../../src/verify/orderIntent.ts'

export const me = '0x1111111111111111111111111111111111111111'
export const usdcArb = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
export const usdcBase = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
export const usdtArb = '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9'
export const FIXED_FEE = 1_000_000_000_000_000n

export function quoteFor(overrides: Partial<CreateTxParams> = {}) {
  const params: CreateTxParams = {
    srcChainId: 42161,
    srcChainTokenIn: usdcArb,
    srcChainTokenInAmount: 100_000_000n,
    dstChainId: 8453,
    dstChainTokenOut: usdcBase,
    dstChainTokenOutAmount: 'auto',
    dstChainTokenOutRecipient: me,
    srcChainOrderAuthorityAddress: me,
    dstChainOrderAuthorityAddress: me,
    srcAllowedCancelBeneficiary: me,
    senderAddress: me,
    prependOperatingExpenses: true,
    ...overrides,
  }
  buildCreateTxQuery(params)
  const quote = buildOrderQuote(createTxParamsSchema.parse(params), {
    market: createMarket(),
    nowMs: 1_767_225_600_000,
  })
  const intent: OrderIntent = {
    srcChainId: 42161,
    dstChainId: 8453,
    sender: me,
    tokenIn: String(params.srcChainTokenIn),
    amountIn: BigInt(String(params.srcChainTokenInAmount)),
    maxPrependedOpex: BigInt(quote.estimation.srcChainTokenIn.approximateOperatingExpense) * 2n,
    tokenOut: String(params.dstChainTokenOut),
    minTakeAmount: (BigInt(quote.estimation.dstChainTokenOut.amount) * 99n) / 100n,
    receiver: me,
    srcAuthority: me,
    dstAuthority: me,
    cancelBeneficiary: me,
    allowedTaker: 'empty',
  }
  const tx = { to: quote.tx!.to!, data: quote.tx!.data as Hex, value: BigInt(quote.tx!.value!) }
  return { quote, intent, tx, orderId: quote.orderId! }
}

export function reencode(
  call: DecodedOrderCall,
  patch: (c: DecodedOrderCall) => DecodedOrderCall,
): Hex {
  const p = patch(structuredClone(call))
  const inner = encodeFunctionData({
    abi: dlnSourceAbi,
    functionName: 'createSaltedOrder',
    args: [p.creation, p.salt!, p.affiliateFee, p.referralCode, p.permitEnvelope, p.metadata],
  })
  if (!p.swap) return inner
  const s = p.swap
  return encodeFunctionData({
    abi: crosschainForwarderAbi,
    functionName: 'strictlySwapAndCall',
    args: [
      s.tokenIn,
      s.amountIn,
      s.permitEnvelope,
      s.router,
      s.swapCalldata,
      s.tokenOut,
      s.expectedAmountOut,
      s.refundRecipient,
      s.receiver,
      inner,
    ],
  })
}

export const onChain = { fixedFeeWei: FIXED_FEE, transferFeeBps: 4n }
