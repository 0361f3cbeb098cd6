import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { EvmValueFlow } from '../../../src/verify/evmValueFlow.ts'
import {
  EVM_NATIVE,
  type EvmValueFlowExpectation,
} from '../../../src/verify/evmValueFlowExpectation.ts'
import { judgeEvmValueFlow } from '../../../src/verify/judgeEvmValueFlow.ts'

import {
  attacker,
  dlnSource,
  FEE,
  forwarder,
  honestOrder,
  IN,
  ok,
  order,
  orderPlan,
  rules,
  usdc,
  wallet,
  weth,
} from './valueFlowFixtures.ts'

describe('judgeEvmValueFlow', () => {
  test('default: the honest order passes every rule', () => {
    expect(judgeEvmValueFlow(honestOrder(), orderPlan())).toEqual([])
  })

  test('default: approve then order as one sequence passes with the planned approval', () => {
    const flow = honestOrder()
    flow.calls = [ok, ok]
    flow.approvals = [{ callIndex: 0, token: usdc, owner: wallet, spender: dlnSource, amount: IN }]
    for (const x of [...flow.transfers, ...flow.native, ...flow.createdOrders]) x.callIndex = 1
    const plan = orderPlan({ approval: { token: usdc, spender: dlnSource, amount: IN } })
    expect(judgeEvmValueFlow(flow, plan)).toEqual([])
    // A token that reports the spend as a lower allowance is still within the plan.
    flow.approvals.push({
      callIndex: 1,
      token: usdc,
      owner: wallet,
      spender: dlnSource,
      amount: 0n,
    })
    expect(judgeEvmValueFlow(flow, plan)).toEqual([])
  })

  describe('simulationFailed', () => {
    test('behavior: a reverted call is named', () => {
      const flow = honestOrder()
      flow.calls = [{ status: 'reverted', gasUsed: 1n, returnData: '0xdeadbeef' }]
      flow.transfers = []
      flow.native = []
      flow.createdOrders = []
      const found = judgeEvmValueFlow(flow, orderPlan())
      expect(found[0]).toEqual({
        rule: 'simulationFailed',
        message: 'call 1 reverted (0xdeadbeef)',
      })
      expect(found.map((v) => v.rule)).not.toContain('valueConserved')
    })
  })

  describe('outflow', () => {
    test('behavior: a second token leaving the wallet is refused', () => {
      const flow = honestOrder()
      flow.transfers.push({ callIndex: 0, token: weth, from: wallet, to: attacker, amount: 1n })
      expect(rules(flow, orderPlan())).toContain('outflow')
    })
    test('behavior: more of the input than planned is refused', () => {
      const flow = honestOrder()
      flow.transfers.push({ callIndex: 0, token: usdc, from: wallet, to: attacker, amount: 1n })
      expect(rules(flow, orderPlan())[0]).toBe('outflow')
    })
    test('behavior: extra native value is refused, and so is a planned input that never left', () => {
      const flow = honestOrder()
      flow.native.push({ callIndex: 0, from: wallet, to: attacker, amountWei: 1n })
      expect(rules(flow, orderPlan())[0]).toBe('outflow')
      const none = honestOrder()
      none.transfers = []
      expect(judgeEvmValueFlow(none, orderPlan())[0]!.message).toContain('never left')
    })
    test('behavior: native input counts amount + fee; a refund to the wallet is fine', () => {
      const flow = honestOrder()
      flow.transfers = [{ callIndex: 0, token: usdc, from: forwarder, to: wallet, amount: 5n }]
      flow.native = [{ callIndex: 0, from: wallet, to: dlnSource, amountWei: FEE + 10n ** 18n }]
      const nativeOrder = { ...order, giveTokenAddress: EVM_NATIVE as Hex, giveAmount: 10n ** 18n }
      const id = computeOrderId(nativeOrder)
      flow.createdOrders = [{ callIndex: 0, orderId: id, order: nativeOrder }]
      const plan = orderPlan({
        outflow: { token: EVM_NATIVE, amount: 10n ** 18n },
        order: { dlnSource, orderId: id, order: nativeOrder },
      })
      expect(judgeEvmValueFlow(flow, plan)).toEqual([])
    })
  })

  describe('approval', () => {
    test('behavior: an approval of the wallet to another spender is refused', () => {
      const flow = honestOrder()
      flow.approvals = [{ callIndex: 0, token: weth, owner: wallet, spender: attacker, amount: 1n }]
      expect(rules(flow, orderPlan())).toEqual(['approval'])
    })
    test('behavior: a leftover approval granted by the forwarder is refused', () => {
      const flow = honestOrder()
      flow.approvals = [
        { callIndex: 0, token: usdc, owner: forwarder, spender: dlnSource, amount: IN },
        { callIndex: 0, token: usdc, owner: forwarder, spender: dlnSource, amount: 0n },
        { callIndex: 0, token: usdc, owner: forwarder, spender: attacker, amount: IN },
      ]
      const found = judgeEvmValueFlow(flow, orderPlan({ watchedOwners: [forwarder] }))
      expect(found).toHaveLength(1)
      expect(found[0]!.message).toContain(attacker.toLowerCase())
    })
    test('behavior: the planned approval above its amount, or missing, is refused', () => {
      const approval = (amount: bigint): EvmValueFlow => ({
        method: 'eth_simulateV1',
        calls: [ok],
        transfers: [],
        approvals: [{ callIndex: 0, token: usdc, owner: wallet, spender: dlnSource, amount }],
        native: [],
        createdOrders: [],
      })
      const plan: EvmValueFlowExpectation = {
        wallet,
        chainId: 42161,
        kind: 'approval',
        nativeFeeWei: 0n,
        approval: { token: usdc, spender: dlnSource, amount: IN },
      }
      expect(judgeEvmValueFlow(approval(IN), plan)).toEqual([])
      expect(rules(approval(IN + 1n), plan)).toEqual(['approval'])
      expect(rules({ ...approval(IN), approvals: [] }, plan)).toEqual(['approval'])
      // A revoke plans 0.
      const revoke = { ...plan, approval: { token: usdc, spender: dlnSource, amount: 0n } }
      expect(judgeEvmValueFlow(approval(0n), revoke)).toEqual([])
    })
  })
})
