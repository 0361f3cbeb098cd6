import { decodeFunctionData, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { createTxParamsSchema } from '../../../src/api/requests/buildCreateTxQuery.ts'
import { orderCancelTxSchema } from '../../../src/api/schemas/orderCancelTx.ts'
import { orderQuoteSchema, orderTxResponseSchema } from '../../../src/api/schemas/orderQuote.ts'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { createMarket } from '../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../src/sim/quote/buildOrderQuote.ts'
import { createTxJsonExample } from '../../fixtures/conformance/createTxJsonExample.ts'

// The service-schema facts of docs/service.md §10 and docs/dln.md §1.1, §1.2, §3.5, §4.3.
const user = '0x2222222222222222222222222222222222222222'
const refundee = '0x3333333333333333333333333333333333333333'
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const USDT_ARB = '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const cancelFields = {
  data: '0xd38d9626',
  to: '0xe7351fd770a37282b91d153ee690b63579d6dd7f',
  value: '35957750149468810',
  chainId: 43114,
}

const createParams = (over: Record<string, unknown> = {}) => ({
  srcChainId: 42161,
  srcChainTokenIn: USDT_ARB,
  srcChainTokenInAmount: 1_000_000_000n,
  dstChainId: 8453,
  dstChainTokenOut: USDC_BASE,
  dstChainTokenOutAmount: 'auto',
  dstChainTokenOutRecipient: user,
  srcChainOrderAuthorityAddress: user,
  dstChainOrderAuthorityAddress: user,
  senderAddress: user,
  ...over,
})

describe('service schemas against the real service', () => {
  test('behavior: a cancel-tx answer parses wrapped in tx (deBridge docs) and flat (integrator client), to the same fields', () => {
    const wrapped = orderCancelTxSchema.parse({ tx: cancelFields })
    const flat = orderCancelTxSchema.parse(cancelFields)
    expect(wrapped).toEqual(cancelFields)
    expect(flat).toEqual(cancelFields)
    expect(orderCancelTxSchema.safeParse({ tx: { to: cancelFields.to } }).success).toBe(false)
    const twoTxs = orderCancelTxSchema.safeParse({ tx: cancelFields, data: '0xdeadbeef' })
    expect(twoTxs.success).toBe(false)
    expect(orderCancelTxSchema.parse({ ...cancelFields, tx: cancelFields })).toEqual(cancelFields)
  })

  test('behavior: srcChainRefundAddress is a create-tx parameter, checked as a source-chain address', () => {
    const parsed = createTxParamsSchema.parse(createParams({ srcChainRefundAddress: refundee }))
    expect(parsed.srcChainRefundAddress).toBe(refundee)
    const solanaKey = 'So11111111111111111111111111111111111111112'
    const wrong = createTxParamsSchema.safeParse(createParams({ srcChainRefundAddress: solanaKey }))
    expect(wrong.success).toBe(false)
    expect(wrong.error?.issues[0]?.path).toEqual(['srcChainRefundAddress'])
  })

  test('behavior: the simulator refunds the pre-swap surplus to srcChainRefundAddress', () => {
    const params = createTxParamsSchema.parse(createParams({ srcChainRefundAddress: refundee }))
    const answer = buildOrderQuote(params, { market: createMarket(), nowMs: 1_767_225_600_000 })
    const call = decodeFunctionData({ abi: crosschainForwarderAbi, data: answer.tx?.data as Hex })
    if (call.functionName !== 'strictlySwapAndCall') throw new Error(call.functionName)
    expect(call.args[7].toLowerCase()).toBe(refundee)
    expect(call.args[0].toLowerCase()).not.toBe(USDC_ARB)
  })

  test('behavior: an estimation-only answer without order and the points fields parses; a built one needs them', () => {
    const { tx, orderId, order, userPoints, integratorPoints, ...estimationOnly } =
      createTxJsonExample
    expect([tx, orderId, order, userPoints, integratorPoints].every((v) => v !== undefined)).toBe(
      true,
    )
    expect(orderQuoteSchema.safeParse(estimationOnly).success).toBe(true)
    const built = { ...estimationOnly, tx, orderId }
    const issues = orderTxResponseSchema.safeParse(built).error?.issues.map((i) => i.path[0])
    expect(issues?.sort()).toEqual(['integratorPoints', 'order', 'userPoints'])
  })

  test('behavior: takeOrders decodes the four fields of DlnDestination 1.4.0', () => {
    const fn = dlnDestinationAbi.find((f) => f.type === 'function' && f.name === 'takeOrders')
    const outputs = fn && 'outputs' in fn ? fn.outputs.map((o) => o.type) : []
    expect(outputs).toEqual(['uint8', 'address', 'uint32', 'uint256'])
  })
})
