import { describe, expect, test } from 'vitest'
import { rebalance, rebalanceParamsSchema } from '../../../strategies/rebalance.ts'
import {
  buildQuote,
  buildSnapshot,
  OWNER_EVM,
  USDC_ARB,
  USDC_BASE,
  usdc,
} from './buildStrategyFixture.ts'

const hook = {
  type: 'evm_transaction_call' as const,
  data: { to: '0x3333333333333333333333333333333333333333', calldata: '0x', gas: 0 },
}

const params = rebalanceParamsSchema.parse({
  chains: [
    { chainId: 42161, token: USDC_ARB, weightBps: 5000 },
    { chainId: 8453, token: USDC_BASE, weightBps: 5000, hook },
  ],
  toleranceBps: 1000,
  maxCostBps: 30,
  minMoveAmount: '1000000',
})

describe('rebalance', () => {
  test('default: params take their documented defaults', () => {
    const p = rebalanceParamsSchema.parse({
      chains: [
        { chainId: 42161, token: USDC_ARB, targetAmount: '1000000' },
        { chainId: 8453, token: USDC_BASE, targetAmount: '1000000' },
      ],
    })
    expect(p).toMatchObject({ toleranceBps: 500, maxCostBps: 30, minMoveAmount: 0n })
  })

  test('behavior: plans a move from the surplus to the deficit chain, with the hook', () => {
    // 700 / 300 USDC against 50/50 → move 200 USDC Arbitrum → Base
    const snapshot = buildSnapshot([usdc(42161, 700_000_000n), usdc(8453, 300_000_000n)])
    const [request, ...rest] = rebalance.plan(snapshot, params)
    expect(rest).toEqual([])
    expect(request).toMatchObject({
      kind: 'crossChain',
      srcChainId: 42161,
      dstChainId: 8453,
      amountIn: 200_000_000n,
      recipient: OWNER_EVM,
      hook,
    })
  })

  test('behavior: a move in flight counts as done: its output is credited until it arrives, its input debited until the order exists', () => {
    // 500 / 300 after a 200 move was created (the source shows it): without the order in flight,
    // 400 / 400 would be the target and 100 would go again.
    const move = rebalance.plan(
      buildSnapshot([usdc(42161, 700_000_000n), usdc(8453, 300_000_000n)]),
      params,
    )[0]!
    const inFlight = (sourceDebited: boolean, arrived: boolean) => ({
      intentId: 'usdc:move:1',
      strategy: 'usdc',
      route: move,
      amountIn: 200_000_000n,
      minAmountOut: 199_000_000n,
      notionalUsd: 200,
      sourceDebited,
      arrived,
    })
    const created = buildSnapshot([usdc(42161, 500_000_000n), usdc(8453, 300_000_000n)])
    expect(rebalance.plan(created, params)).toHaveLength(1)
    expect(rebalance.plan({ ...created, inFlight: [inFlight(true, false)] }, params)).toEqual([])
    // Journaled but not yet created: the balances still show the input, so it is taken off.
    const journaled = buildSnapshot([usdc(42161, 700_000_000n), usdc(8453, 300_000_000n)])
    expect(rebalance.plan({ ...journaled, inFlight: [inFlight(false, false)] }, params)).toEqual([])
    // Arrived (its hook may still run): the balance shows it, so it is not counted twice.
    const arrived = buildSnapshot([usdc(42161, 500_000_000n), usdc(8453, 499_000_000n)])
    expect(rebalance.plan({ ...arrived, inFlight: [inFlight(true, true)] }, params)).toEqual([])
  })

  test('behavior: inside the tolerance band nothing is planned; just outside it is', () => {
    // target 500, band 10% = 50: 550/450 is on the edge (inside), 551/449 is outside
    const inside = buildSnapshot([usdc(42161, 550_000_000n), usdc(8453, 450_000_000n)])
    expect(rebalance.plan(inside, params)).toEqual([])
    const outside = buildSnapshot([usdc(42161, 550_000_001n), usdc(8453, 449_999_999n)])
    expect(rebalance.plan(outside, params)).toHaveLength(1)
  })

  test('behavior: target amounts, maxMoveAmount cap and minMoveAmount floor', () => {
    const p = rebalanceParamsSchema.parse({
      chains: [
        { chainId: 42161, token: USDC_ARB, targetAmount: '100000000' },
        { chainId: 8453, token: USDC_BASE, targetAmount: '100000000' },
      ],
      toleranceBps: 0,
      maxMoveAmount: '50000000',
      minMoveAmount: '10000000',
    })
    const big = buildSnapshot([usdc(42161, 200_000_000n), usdc(8453, 0n)])
    expect(rebalance.plan(big, p)[0]?.amountIn).toBe(50_000_000n)
    const small = buildSnapshot([usdc(42161, 105_000_000n), usdc(8453, 95_000_000n)])
    expect(rebalance.plan(small, p)).toEqual([])
  })

  test('behavior: an unknown balance plans nothing', () => {
    expect(rebalance.plan(buildSnapshot([usdc(42161, 700_000_000n)]), params)).toEqual([])
  })

  test('behavior: decides at the maxCostBps boundary on recommendedAmount', () => {
    const snapshot = buildSnapshot([usdc(42161, 700_000_000n), usdc(8453, 300_000_000n)])
    const [request] = rebalance.plan(snapshot, params)
    if (!request) throw new Error('no plan')
    // 200 USDC in, 199.4 out = exactly 30 bps → acts
    const at = rebalance.decide([buildQuote(request, 199_400_000n)], snapshot, params)
    expect(at.intents).toHaveLength(1)
    expect(at.intents[0]).toMatchObject({
      amountIn: 200_000_000n,
      minAmountOut: (199_400_000n * 998n) / 1000n,
      recipient: OWNER_EVM,
      hook,
      notionalUsd: 200,
    })
    expect(at.observations).toMatchObject([{ kind: 'rebalance', valueBps: 30, acted: true }])
    // one base unit less → 30.00005 bps → skipped, still observed
    const over = rebalance.decide([buildQuote(request, 199_399_999n)], snapshot, params)
    expect(over.intents).toEqual([])
    expect(over.observations).toMatchObject([{ acted: false, thresholdBps: 30 }])
  })

  test('behavior: gas counts toward the loss', () => {
    const snapshot = buildSnapshot([usdc(42161, 700_000_000n), usdc(8453, 300_000_000n)])
    const [request] = rebalance.plan(snapshot, params)
    if (!request) throw new Error('no plan')
    // 10 bps token loss + 0.5 USD gas on 200 USD (25 bps) = 35 bps > 30
    const quote = buildQuote(request, 199_800_000n, { nativeCostUsd: 0.5 })
    const result = rebalance.decide([quote], snapshot, params)
    expect(result.intents).toEqual([])
    expect(result.observations[0]?.valueBps).toBeCloseTo(35, 6)
  })

  test('behavior: params errors carry their fix', () => {
    const bad = rebalanceParamsSchema.safeParse({
      chains: [
        { chainId: 42161, token: USDC_ARB, weightBps: 5000 },
        { chainId: 8453, token: USDC_BASE, weightBps: 4000 },
      ],
    })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.message).toContain('fix:')
  })
})
