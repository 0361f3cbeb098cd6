import { describe, expect, test } from 'vitest'
import { sweep, sweepParamsSchema } from '../../../strategies/sweep.ts'
import {
  buildQuote,
  buildSnapshot,
  TREASURY,
  USDC_ARB,
  USDC_SOL,
  usdc,
} from './buildStrategyFixture.ts'

const vaultHook = {
  type: 'evm_hook_data_v1' as const,
  data: {
    fallbackAddress: TREASURY,
    target: '0x4444444444444444444444444444444444444444',
    reward: '0',
    isNonAtomic: false,
    isSuccessRequired: false,
    targetPayload: '0x',
  },
}

const params = sweepParamsSchema.parse({
  sources: [{ chainId: 7565164, token: USDC_SOL, keepBalance: '10000000' }],
  treasury: { chainId: 42161, token: USDC_ARB, address: TREASURY },
  minAmount: '5000000',
  maxCostBps: 40,
  hook: vaultHook,
})

describe('sweep', () => {
  test('default: params take their documented defaults', () => {
    const p = sweepParamsSchema.parse({
      sources: [{ chainId: 7565164, token: USDC_SOL }],
      treasury: { chainId: 42161, token: USDC_ARB, address: TREASURY },
    })
    expect(p).toMatchObject({ minAmount: 0n, maxCostBps: 50 })
    expect(p.sources[0]?.keepBalance).toBe(0n)
  })

  test('behavior: plans everything above keepBalance to the treasury, with the hook', () => {
    const snapshot = buildSnapshot([usdc(7565164, 110_000_000n)])
    expect(sweep.plan(snapshot, params)).toMatchObject([
      {
        kind: 'crossChain',
        srcChainId: 7565164,
        srcToken: USDC_SOL,
        dstChainId: 42161,
        dstToken: USDC_ARB,
        amountIn: 100_000_000n,
        recipient: TREASURY,
        hook: vaultHook,
      },
    ])
  })

  test('behavior: minAmount boundary, equal sweeps and one unit less waits', () => {
    expect(sweep.plan(buildSnapshot([usdc(7565164, 15_000_000n)]), params)).toHaveLength(1)
    expect(sweep.plan(buildSnapshot([usdc(7565164, 14_999_999n)]), params)).toEqual([])
    expect(sweep.plan(buildSnapshot([usdc(7565164, 1n)]), params)).toEqual([])
    expect(sweep.plan(buildSnapshot([]), params)).toEqual([])
  })

  test('behavior: decides on the full cost at the maxCostBps boundary', () => {
    const snapshot = buildSnapshot([usdc(7565164, 110_000_000n)])
    const [request] = sweep.plan(snapshot, params)
    if (!request) throw new Error('no plan')
    const at = sweep.decide([buildQuote(request, 99_600_000n, { costBps: 40 })], snapshot, params)
    expect(at.intents).toMatchObject([
      { amountIn: 100_000_000n, recipient: TREASURY, hook: vaultHook },
    ])
    expect(at.observations).toMatchObject([{ kind: 'sweep', acted: true, valueBps: 40 }])
    const over = sweep.decide(
      [buildQuote(request, 99_590_000n, { costBps: 40.1 })],
      snapshot,
      params,
    )
    expect(over.intents).toEqual([])
    expect(over.observations).toMatchObject([{ acted: false, valueBps: 40.1 }])
  })

  test('behavior: a source on the treasury chain is a params error with its fix', () => {
    const bad = sweepParamsSchema.safeParse({
      sources: [{ chainId: 42161, token: USDC_ARB }],
      treasury: { chainId: 42161, token: USDC_ARB, address: TREASURY },
    })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.path).toEqual(['sources', 0, 'chainId'])
  })
})
