import type { Address, Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { computeOrderId } from '../../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../../src/chains/orderId/dlnOrder.ts'
import type { EvmValueFlow } from '../../../../src/chains/verify/evmValueFlow.ts'
import {
  EVM_NATIVE,
  type EvmValueFlowExpectation,
} from '../../../../src/chains/verify/evmValueFlowExpectation.ts'
import { judgeEvmValueFlow } from '../../../../src/chains/verify/judgeEvmValueFlow.ts'
import { fixedPriceSource } from '../../../../src/chains/verify/prices/fixedPriceSource.ts'
import { toValueFlowError } from '../../../../src/chains/verify/toValueFlowError.ts'
import { ValueFlowError } from '../../../../src/chains/verify/ValueFlowError.ts'
import { VerificationError } from '../../../../src/chains/verify/VerificationError.ts'

const wallet = '0x1111111111111111111111111111111111111111' as Address
const dlnSource = '0xeF4fB24aD0916217251F553c0596F8Edc630EB66' as Address
const forwarder = '0x663DC15D3C1aC63ff12E45Ab68FeA3F0a883C251' as Address
const attacker = '0x000000000000000000000000000000000000a77a' as Address
const usdc = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
const weth = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1' as Address
const junk = '0x00000000000000000000000000000000000000aa' as Address
const FEE = 1_000_000_000_000_000n // 0.001 ETH
const IN = 1_000_000_000n // 1000 USDC
const GIVE = 999_600_000n // after the 4 bps transfer fee

const E18 = 10n ** 18n
const prices = await fixedPriceSource([
  { chainId: 42161, token: usdc, price: { usdE18: E18, decimals: 6, source: 'peg 1' } },
  { chainId: 42161, token: weth, price: { usdE18: 3000n * E18, decimals: 18, source: 'peg' } },
  { chainId: 42161, token: EVM_NATIVE, price: { usdE18: 3000n * E18, decimals: 18, source: 'p' } },
]).snapshot([])

const order: DlnOrder = {
  makerOrderNonce: 7n,
  makerSrc: wallet.toLowerCase() as Hex,
  giveChainId: 42161n,
  giveTokenAddress: usdc,
  giveAmount: GIVE,
  takeChainId: 8453n,
  takeTokenAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  takeAmount: 990_000_000n,
  receiverDst: wallet.toLowerCase() as Hex,
  givePatchAuthoritySrc: wallet.toLowerCase() as Hex,
  orderAuthorityAddressDst: wallet.toLowerCase() as Hex,
  allowedTakerDst: '0x',
  allowedCancelBeneficiarySrc: wallet.toLowerCase() as Hex,
  externalCall: '0x',
}
const orderId = computeOrderId(order)

const ok = { status: 'success' as const, gasUsed: 100_000n, returnData: '0x' as Hex }

/** The honest direct order: 1000 USDC and the fee leave, one CreatedOrder giving 999.6 USDC. */
function honestOrder(): EvmValueFlow {
  return {
    method: 'eth_simulateV1',
    calls: [ok],
    transfers: [{ callIndex: 0, token: usdc, from: wallet, to: dlnSource, amount: IN }],
    approvals: [],
    native: [{ callIndex: 0, from: wallet, to: dlnSource, amountWei: FEE }],
    createdOrders: [{ callIndex: 0, orderId, order }],
  }
}

function orderPlan(over: Partial<EvmValueFlowExpectation> = {}): EvmValueFlowExpectation {
  return {
    wallet,
    chainId: 42161,
    kind: 'order',
    outflow: { token: usdc, amount: IN },
    nativeFeeWei: FEE,
    order: { dlnSource, orderId, order },
    maxCostBps: 100,
    prices,
    labels: { [usdc]: 'USDC', [weth]: 'WETH' },
    ...over,
  }
}

const rules = (flow: EvmValueFlow, plan: EvmValueFlowExpectation) =>
  judgeEvmValueFlow(flow, plan).map((v) => v.rule)

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
