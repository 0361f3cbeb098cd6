/**
 * The shared setup of the buildOrderQuote tests: a request builder, a quote that must parse with
 * the client's schema, and calldata decoders.
 */
import { decodeFunctionData, type Hex, size, slice } from 'viem'
import { expect } from 'vitest'
import {
  type CreateTxParams,
  createTxParamsSchema,
} from '../../../../src/api/requests/buildCreateTxQuery.ts'
import { orderQuoteSchema } from '../../../../src/api/schemas/orderQuote.ts'
import { dlnSourceAbi } from '../../../../src/chains/abi/dlnSourceAbi.ts'
import { computeOrderId } from '../../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrderCreation } from '../../../../src/chains/orderId/dlnOrder.ts'
import { createMarket } from '../../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../../src/sim/quote/buildOrderQuote.ts'
import type { QuoteContext } from '../../../../src/sim/quote/quoteContext.ts'

export const user = '0x2222222222222222222222222222222222222222'
export const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
export const USDT_ARB = '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
export const USDT_BASE = '0xfde4c96c8593536e31f229ea8f37b2ada2699bb2'
export const WBTC_POLYGON = '0x1bfd67037b42cf73acf2047067bd4f2c47d9bfd6'
export const NATIVE = '0x0000000000000000000000000000000000000000'

const addresses = {
  dstChainTokenOutRecipient: user,
  srcChainOrderAuthorityAddress: user,
  dstChainOrderAuthorityAddress: user,
  senderAddress: user,
}

export const request = (
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

export const ctx = (over: Partial<QuoteContext> = {}): QuoteContext => ({
  market: createMarket(),
  nowMs: 1_767_225_600_000,
  ...over,
})

export const quote = (over: Partial<CreateTxParams> = {}, context: Partial<QuoteContext> = {}) => {
  const answer = buildOrderQuote(request(over), ctx(context))
  // Every answer the simulator builds must parse with the client's own schema.
  expect(orderQuoteSchema.parse(answer)).toBeTruthy()
  return answer
}

export const types = (q: ReturnType<typeof quote>): string[] =>
  q.estimation.costsDetails.map((c) => c.type)

export type CreateArgs = readonly [DlnOrderCreation, bigint, Hex, number, Hex, Hex]

export const decodeCreate = (data: Hex): CreateArgs => {
  const call = decodeFunctionData({ abi: dlnSourceAbi, data })
  expect(call.functionName).toBe('createSaltedOrder')
  return call.args as unknown as CreateArgs
}

/** Recomputes the orderId from the calldata as DlnSource would (docs/dln.md §4.2). */
export const orderIdFromCalldata = (
  args: CreateArgs,
  maker: Hex,
  giveChainId: bigint,
  feeBps = 4n,
) => {
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
