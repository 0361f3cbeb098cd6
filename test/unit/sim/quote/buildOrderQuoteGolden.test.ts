import { decodeFunctionData } from 'viem'
import { describe, expect, test } from 'vitest'
import { createTxParamsSchema } from '../../../../src/api/requests/buildCreateTxQuery.ts'
import { orderTxResponseSchema } from '../../../../src/api/schemas/orderQuote.ts'
import { dlnSourceAbi } from '../../../../src/chains/abi/dlnSourceAbi.ts'
import { EVM_CONTRACTS } from '../../../../src/chains/chainRegistry.ts'
import { createMarket } from '../../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../../src/sim/quote/buildOrderQuote.ts'

const maker = '0x1111111111111111111111111111111111111111'

/** docs/dln.md §1.7: 100 USDC Arbitrum -> USDC Base, prepend, opex $0.035, 4 + 4 bps. */
const params = createTxParamsSchema.parse({
  srcChainId: 42161,
  srcChainTokenIn: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  srcChainTokenInAmount: 100_000_000n,
  dstChainId: 8453,
  dstChainTokenOut: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  dstChainTokenOutAmount: 'auto',
  dstChainTokenOutRecipient: maker,
  srcChainOrderAuthorityAddress: maker,
  dstChainOrderAuthorityAddress: maker,
  senderAddress: maker,
  prependOperatingExpenses: true,
})

const quote = buildOrderQuote(params, {
  market: createMarket(),
  config: { opexUsd: { 8453: 0.035 } },
  nowMs: 1767225600000,
})

describe('buildOrderQuote: synthetic example of docs/dln.md §1.7', () => {
  test('default: parses with the client schema, tx and orderId included', () => {
    expect(orderTxResponseSchema.safeParse(quote).success).toBe(true)
  })

  test('default: amounts and cost items reproduce exactly', () => {
    const e = quote.estimation
    expect(e.srcChainTokenIn.amount).toBe('100035000')
    expect(e.srcChainTokenIn.approximateOperatingExpense).toBe('35000')
    expect(e.srcChainTokenIn.mutatedWithOperatingExpense).toBe(true)
    expect(quote.prependedOperatingExpenseCost).toBe('35000')
    expect(e.srcChainTokenOut).toBeUndefined()
    expect(
      e.costsDetails.map((c) => [c.type, c.amountIn, c.amountOut, c.payload?.feeAmount]),
    ).toEqual([
      ['DlnProtocolFee', '100035000', '99994986', '40014'],
      ['TakerMargin', '99994986', '99954989', '39997'],
      ['EstimatedOperatingExpenses', '99954989', '99919989', '35000'],
    ])
    expect(e.costsDetails.map((c) => c.chain)).toEqual(['42161', '8453', '8453'])
    expect(e.dstChainTokenOut.amount).toBe('99919989')
    expect(e.dstChainTokenOut.recommendedAmount).toBe('99919989')
    expect(quote.protocolFee).toBe('40014')
    expect(e.recommendedSlippage).toBe(0)
  })

  test('default: tx goes to DlnSource with value = fixFee and the golden orderId', () => {
    expect(quote.tx?.to).toBe(EVM_CONTRACTS.dlnSource)
    expect(quote.tx?.value).toBe('1000000000000000')
    expect(quote.fixFee).toBe('1000000000000000')
    expect(quote.tx?.allowanceTarget).toBe(EVM_CONTRACTS.dlnSource)
    expect(quote.orderId).toBe('0x9dd56ca83ea0fc2cd7c8d50819dc15d4ca23a79180b5663f49aac01fa5718861')
    expect(quote.order?.salt).toBe(1767225600000)
  })

  test('default: createSaltedOrder carries the creation give amount and the take amount', () => {
    const call = decodeFunctionData({ abi: dlnSourceAbi, data: quote.tx?.data as `0x${string}` })
    expect(call.functionName).toBe('createSaltedOrder')
    const [creation, salt, affiliateFee, referralCode, permit, metadata] = call.args as readonly [
      { giveAmount: bigint; takeAmount: bigint; takeChainId: bigint; externalCall: string },
      bigint,
      string,
      number,
      string,
      string,
    ]
    expect(creation.giveAmount).toBe(100035000n)
    expect(creation.takeAmount).toBe(99919989n)
    expect(creation.takeChainId).toBe(8453n)
    expect(creation.externalCall).toBe('0x')
    expect(salt).toBe(1767225600000n)
    expect([affiliateFee, referralCode, permit]).toEqual(['0x', 0, '0x'])
    expect(metadata).toBe(quote.order?.metadata)
  })
})
