import type { ManualClock } from '../../../src/common/clock.ts'
import type { HexText } from '../../../src/store/contract/journalTypes.ts'
import type { Journal } from '../../../src/store/sqlite/openJournal.ts'
import { evmAttempt } from '../store/fixtures.ts'
import { tmpJournal } from '../store/tmpJournal.ts'

/** Route keys as the strategies build them. */
export const ARB_TO_BASE =
  '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831->8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
export const SOL_TO_ARB =
  '7565164:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v->42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831'
export const ARB_SWAP =
  '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831->42161:0x82af49447d8a07e3bd95bd0d56f35241523fbab1'

/** The journal's start time, ms. */
export const T0 = 1_700_000_000_000

const orderId = (n: number): HexText => `0x${n.toString(16).padStart(64, '0')}`

/** Journals an intent and its decision quote as the engine does (createEngine). */
function intentWithQuote(
  journal: Journal,
  clock: ManualClock,
  p: {
    id: string
    strategy: string
    route: string
    notionalUsd: number
    amountOut: bigint
    outDecimals?: number
    costBps: number
    costsUsd: Record<string, number>
    edgeBps?: number
  },
): void {
  journal.recordIntent({
    id: p.id,
    strategy: p.strategy,
    route: p.route,
    params: { amountIn: 1_000_000_000n },
    notionalUsd: p.notionalUsd,
  })
  journal.recordQuote({
    intentId: p.id,
    endpoint: 'create-tx',
    request: { routeId: p.route },
    response: {
      quotedAtMs: clock.nowMs() - 20,
      amountIn: 1_000_000_000n,
      amountInUsd: p.notionalUsd,
      amountOut: p.amountOut,
      amountOutUsd: 999.5,
      minAmountOut: p.amountOut,
      outDecimals: p.outDecimals ?? 6,
      costBps: p.costBps,
      costsUsd: p.costsUsd,
      priceImpactBps: 1,
      edgeBps: p.edgeBps,
    },
  })
}

/**
 * A journal with one of everything the report shows, at known times (manual clock from
 * {@link T0}):
 * - `a` rebalance ARB→BASE: order created at +150 ms, filled 999 USDC (quoted 999.5) at +4 150,
 *   hook step Executed at +4 170, completed;
 * - `b` sweep SOL→ARB: order created, never filled, failed at the deadline;
 * - `c` arbitrage swap with an edge of 12.5 bps: completed, no order;
 * - `d` refused by the verifier; `e` cancelled after its order; `f` still in flight;
 * - observations: two aggregator edges (3 and 15 bps vs 10), a round trip (-600 vs 5), two risk
 *   rejections (costTooHigh), a postponement, a dry run, a rebalance note, and one record of an
 *   unknown shape.
 */
export function buildReportJournal(): { journal: Journal; clock: ManualClock; path: string } {
  const made = tmpJournal(T0)
  const { journal, clock } = made
  const costs = { fixFee: 3, txFee: 0.5, protocolFee: 0.4 }

  intentWithQuote(journal, clock, {
    id: 'a',
    strategy: 'usdc-arb-base',
    route: ARB_TO_BASE,
    notionalUsd: 1_000,
    amountOut: 999_500_000n,
    costBps: 39,
    costsUsd: costs,
  })
  const attempt = { ...evmAttempt('a', 0), orderId: orderId(1) }
  journal.recordSignedAttempt(attempt)
  clock.advanceMs(150)
  journal.recordOrder({
    orderId: orderId(1),
    intentId: 'a',
    srcChainId: 42161,
    dstChainId: 8453,
    state: 'Created',
    createTxHash: attempt.hash,
  })
  journal.setIntentState('a', 'created')
  clock.advanceMs(4_000)
  journal.setOrderState(orderId(1), 'Fulfilled', '0xfill')
  journal.recordOrderFill(orderId(1), 999_000_000n)
  journal.setIntentState('a', 'fulfilled')
  clock.advanceMs(20)
  journal.recordHookStep(orderId(1), '1', 'Executed', '0xhook')
  journal.setIntentState('a', 'completed', 'hook executed')

  clock.advanceMs(1_000)
  intentWithQuote(journal, clock, {
    id: 'b',
    strategy: 'solana-to-treasury',
    route: SOL_TO_ARB,
    notionalUsd: 500,
    amountOut: 499_000_000n,
    costBps: 31,
    costsUsd: { fixFee: 1, protocolFee: 0.2, swap: 0.3 },
  })
  clock.advanceMs(300)
  journal.recordOrder({
    orderId: orderId(2),
    intentId: 'b',
    srcChainId: 7565164,
    dstChainId: 42161,
    state: 'Created',
  })
  clock.advanceMs(60_000)
  journal.setIntentState('b', 'failed', 'not filled before the tracking deadline')

  clock.advanceMs(1_000)
  intentWithQuote(journal, clock, {
    id: 'c',
    strategy: 'paper-arb',
    route: ARB_SWAP,
    notionalUsd: 1_000,
    amountOut: 333_000_000_000_000_000n,
    outDecimals: 18,
    costBps: 4,
    costsUsd: { txFee: 0.1, swap: 0.3 },
    edgeBps: 12.5,
  })
  clock.advanceMs(2_000)
  journal.setIntentState('c', 'completed', '0xswap')

  journal.recordIntent({
    id: 'd',
    strategy: 'usdc-arb-base',
    route: ARB_TO_BASE,
    params: {},
    notionalUsd: 10,
  })
  journal.setIntentState('d', 'failed', 'refusing to sign: receiver does not match the intent')
  journal.recordIntent({
    id: 'e',
    strategy: 'usdc-arb-base',
    route: ARB_TO_BASE,
    params: {},
    notionalUsd: 20,
  })
  journal.recordOrder({
    orderId: orderId(3),
    intentId: 'e',
    srcChainId: 42161,
    dstChainId: 8453,
    state: 'Created',
  })
  journal.setOrderState(orderId(3), 'OrderCancelled')
  journal.setIntentState('e', 'cancelled', 'refunded')
  journal.recordIntent({
    id: 'f',
    strategy: 'usdc-arb-base',
    route: ARB_TO_BASE,
    params: {},
    notionalUsd: 30,
  })
  journal.setIntentState('f', 'broadcast')

  const at = clock.nowMs()
  const obs = (strategy: string, data: unknown, offsetMs: number): void => {
    journal.recordObservation(strategy, data, at + offsetMs)
  }
  const edge = (valueBps: number) => ({
    kind: 'aggregatorEdge',
    requestIds: ['arbitrage:swap:0'],
    atMs: 0,
    valueBps,
    thresholdBps: 10,
    acted: false,
    note: `paper: edge ${valueBps} bps`,
  })
  obs('paper-arb', edge(3), 0)
  obs(
    'paper-arb',
    {
      kind: 'roundTrip',
      valueBps: -600,
      thresholdBps: 5,
      acted: false,
      note: 'paper: round trip nets -600 bps',
    },
    0,
  )
  obs('paper-arb', edge(15), 5_000)
  const reject = { kind: 'reject', reason: 'costTooHigh', detail: 'cost 200 bps > 150' }
  obs('usdc-arb-base', { kind: 'decision', verdict: reject, intentId: 'x1' }, 6_000)
  obs('usdc-arb-base', { kind: 'decision', verdict: reject, intentId: 'x2' }, 7_000)
  const postpone = { kind: 'postpone', reason: 'inFlightBudgetFull', delayMs: 1, detail: 'full' }
  obs('usdc-arb-base', { kind: 'decision', verdict: postpone, intentId: 'x3' }, 8_000)
  obs('solana-to-treasury', { kind: 'dryRun', intentId: 'x4' }, 9_000)
  obs('usdc-arb-base', { kind: 'rebalance', valueBps: 38, thresholdBps: 100, acted: true }, 9_500)
  obs('usdc-arb-base', 'a record of another shape', 10_000)
  return made
}
