import type { Address, Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import type { EvmValueFlow } from '../../../src/verify/evmValueFlow.ts'
import type { EvmValueFlowExpectation } from '../../../src/verify/evmValueFlowExpectation.ts'
import { judgeEvmValueFlow } from '../../../src/verify/judgeEvmValueFlow.ts'
import { toValueFlowError } from '../../../src/verify/toValueFlowError.ts'
import { ValueFlowError } from '../../../src/verify/ValueFlowError.ts'

import {
  attacker,
  dlnSource,
  forwarder,
  honestOrder,
  IN,
  junk,
  ok,
  order,
  orderId,
  orderPlan,
  prices,
  rules,
  usdc,
  wallet,
  weth,
} from './valueFlowFixtures.ts'

describe('judgeEvmValueFlow: orders, swaps and value', () => {
  describe('createdOrder', () => {
    test('behavior: no event, two events, or another orderId are refused', () => {
      const none = { ...honestOrder(), createdOrders: [] }
      expect(rules(none, orderPlan())).toContain('createdOrder')
      const two = honestOrder()
      two.createdOrders.push(two.createdOrders[0]!)
      expect(rules(two, orderPlan())).toContain('createdOrder')
      expect(
        rules(
          honestOrder(),
          orderPlan({ order: { dlnSource, orderId: `0x${'ab'.repeat(32)}`, order } }),
        ),
      ).toContain('createdOrder')
    })
    test.each([
      ['receiverDst', { receiverDst: attacker.toLowerCase() as Hex }],
      ['orderAuthorityAddressDst', { orderAuthorityAddressDst: attacker.toLowerCase() as Hex }],
      [
        'allowedCancelBeneficiarySrc',
        { allowedCancelBeneficiarySrc: attacker.toLowerCase() as Hex },
      ],
      ['externalCall', { externalCall: '0x1234' as Hex }],
      ['takeChainId', { takeChainId: 10n }],
      ['giveTokenAddress', { giveTokenAddress: weth as Hex }],
    ] as const)(
      'behavior: an event whose %s differs from the verified order is refused',
      (field, patch) => {
        const flow = honestOrder()
        const changed = { ...order, ...patch }
        flow.createdOrders = [{ callIndex: 0, orderId, order: changed }]
        const found = judgeEvmValueFlow(flow, orderPlan())
        expect(found.some((v) => v.rule === 'createdOrder' && v.message.includes(field))).toBe(true)
      },
    )
    test('behavior: an order giving 0 is refused', () => {
      const zero = { ...order, giveAmount: 0n }
      const id = computeOrderId(zero)
      const flow = honestOrder()
      flow.createdOrders = [{ callIndex: 0, orderId: id, order: zero }]
      const found = judgeEvmValueFlow(
        flow,
        orderPlan({ order: { dlnSource, orderId: id, order: zero } }),
      )
      expect(found.map((v) => v.rule)).toEqual(['createdOrder', 'valueConserved'])
    })
    test('behavior: a CreatedOrder inside an approval or a cancel is refused', () => {
      const flow = { ...honestOrder(), transfers: [], native: [] }
      expect(rules(flow, { wallet, chainId: 42161, kind: 'cancel', nativeFeeWei: 0n })).toEqual([
        'createdOrder',
      ])
    })
  })

  describe('swapOutput', () => {
    const swapFlow = (out: bigint, to: Address = wallet): EvmValueFlow => ({
      method: 'eth_simulateV1',
      calls: [ok],
      transfers: [
        { callIndex: 0, token: usdc, from: wallet, to: forwarder, amount: IN },
        { callIndex: 0, token: weth, from: forwarder, to, amount: out },
      ],
      approvals: [],
      native: [],
      createdOrders: [],
    })
    const plan = (min: bigint): EvmValueFlowExpectation => ({
      wallet,
      chainId: 42161,
      kind: 'swap',
      outflow: { token: usdc, amount: IN },
      nativeFeeWei: 0n,
      swap: { tokenOut: weth, recipient: wallet, minAmountOut: min },
      maxCostBps: 100,
      prices,
    })
    const third = 10n ** 18n / 3n // 1000 USDC at 3000 USD/ETH
    test('default: output at the recipient above ferry minimum passes', () => {
      expect(judgeEvmValueFlow(swapFlow(third), plan(third - 10n))).toEqual([])
    })
    test('behavior: below the minimum, or to someone else, is refused', () => {
      expect(rules(swapFlow(third - 11n), plan(third - 10n))).toContain('swapOutput')
      expect(rules(swapFlow(third, attacker), plan(third - 10n))).toContain('swapOutput')
    })
  })

  describe('valueConserved and unpriced', () => {
    test('behavior: a cost above maxCostBps is refused, within it passes', () => {
      const flow = honestOrder()
      // 1000 USDC + $3 fee left; 985 USDC arrive: 1.8 % cost.
      const less = { ...order, giveAmount: 985_000_000n }
      const id = computeOrderId(less)
      flow.createdOrders = [{ callIndex: 0, orderId: id, order: less }]
      const plan = orderPlan({ order: { dlnSource, orderId: id, order: less } })
      expect(rules(flow, plan)).toEqual(['valueConserved'])
      expect(judgeEvmValueFlow(flow, { ...plan, maxCostBps: 200 })).toEqual([])
    })
    test('behavior: a token without a trusted price is refused, never valued otherwise', () => {
      const flow = honestOrder()
      const junkOrder = { ...order, giveTokenAddress: junk as Hex }
      const id = computeOrderId(junkOrder)
      flow.createdOrders = [{ callIndex: 0, orderId: id, order: junkOrder }]
      const plan = orderPlan({ order: { dlnSource, orderId: id, order: junkOrder } })
      expect(rules(flow, plan)).toEqual(['unpriced'])
    })
  })

  test('behavior: the error is a VerificationError naming the rule, the value lost and the flow', () => {
    const flow = honestOrder()
    const zero = { ...order, giveTokenAddress: weth as Hex, giveAmount: 0n }
    const id = computeOrderId(zero)
    flow.createdOrders = [{ callIndex: 0, orderId: id, order: zero }]
    const plan = orderPlan({ order: { dlnSource, orderId: id, order: zero } })
    const error = toValueFlowError(flow, plan, judgeEvmValueFlow(flow, plan))
    expect(error).toBeInstanceOf(VerificationError)
    expect(error).toBeInstanceOf(ValueFlowError)
    expect(error.rule).toBe('createdOrder')
    expect(error.field).toBe('valueFlow.createdOrder')
    expect(error.shortMessage).toBe(
      'value flow: 1000.00 USDC + 0.001 native left the wallet, the order gives 0.00 WETH (≈ $0.00); route max cost 100 bps [createdOrder, valueConserved]',
    )
    expect(error.metaMessages).toContain('flow:')
    expect(error.message).toContain(`CreatedOrder ${id}`)
  })
})
