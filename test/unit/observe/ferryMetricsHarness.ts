/**
 * The shared setup of the createFerryMetrics tests: a metrics instance on a manual clock, scraped
 * as parsed text, and the events of one order with a hook.
 */
import { createManualClock, type ManualClock } from '../../../src/common/clock.ts'
import { createFerryMetrics, type FerryMetrics } from '../../../src/observe/createFerryMetrics.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import {
  type PrometheusExposition,
  parsePrometheusText,
} from '../../helpers/parsePrometheusText.ts'

export const ORDER_ID = '0x5bfcf1d4ee7b2ec9a2a4e7bd1fe2c6b1d0f1c5b4c2bd8f1ce3ad6e2fcfeb0a11'
export const TX_HASH = '0x9e0dce6a8c1f7b4d2a3e5f6071829304a5b6c7d8e9f00112233445566778899a'
export const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const SOLANA_SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
export const INTENT_ID = 'usdc-arb-base:rebalance:42161->8453:1700000000000'
export const ROUTE = '42161 → 8453'
export const START_MS = 1_700_000_000_000

export type Harness = {
  clock: ManualClock
  metrics: FerryMetrics
  scrape(): Promise<PrometheusExposition>
}

export function harness(readInFlightUsd: () => number | Promise<number> = () => 0): Harness {
  const clock = createManualClock(START_MS)
  const metrics = createFerryMetrics({ clock, readInFlightUsd })
  return {
    clock,
    metrics,
    scrape: async () => parsePrometheusText(await metrics.registry.metrics()),
  }
}

/** The events of one rebalance order with a hook, `afterMs` of clock between two of them. */
export function orderWithHook(h: Harness, steps: [number, number, number, number, number]): void {
  const [quoteToIntentMs, intentToSentMs, sentToCreatedMs, createdToFillMs, fillToHookMs] = steps
  const emit = (event: EngineEvent, afterMs = 0): void => {
    h.clock.advanceMs(afterMs)
    h.metrics.observe(event)
  }
  emit({ type: 'tick', tick: 1, strategies: ['usdc-arb-base'], atMs: START_MS })
  emit({
    type: 'quote',
    strategy: 'usdc-arb-base',
    requestId: 'rebalance:42161->8453',
    route: ROUTE,
    amountIn: '1000000000',
    amountOut: '998000000',
    costBps: 20,
  })
  emit(
    {
      type: 'intent',
      strategy: 'usdc-arb-base',
      intentId: INTENT_ID,
      requestId: 'rebalance:42161->8453',
      route: ROUTE,
      amountIn: '1000000000',
      minAmountOut: '997000000',
      notionalUsd: 1000,
      reason: 'surplus on 42161',
      quotedAmountOut: '998000000',
      quotedAmountOutUsd: 998,
      costBps: 20,
      costsUsd: { fixFee: 1.5, protocolFee: 0.4, takerMargin: 0.1, swap: -0.2 },
      edgeBps: undefined,
    },
    quoteToIntentMs,
  )
  emit({
    type: 'decision',
    strategy: 'usdc-arb-base',
    intentId: INTENT_ID,
    verdict: 'accept',
    reason: undefined,
    check: undefined,
    detail: undefined,
  })
  emit({ type: 'approval', intentId: INTENT_ID, chainId: 42161, actions: ['approve'] })
  emit({ type: 'sent', intentId: INTENT_ID, chainId: 42161, hash: TX_HASH }, intentToSentMs)
  emit({ type: 'created', intentId: INTENT_ID, orderId: ORDER_ID, chainId: 42161 }, sentToCreatedMs)
  emit(
    {
      type: 'filled',
      intentId: INTENT_ID,
      orderId: ORDER_ID,
      chainId: 8453,
      txHash: TX_HASH,
      amountOut: '998000000',
    },
    createdToFillMs,
  )
  emit(
    {
      type: 'hook',
      intentId: INTENT_ID,
      orderId: ORDER_ID,
      steps: [
        { stepNumber: 0, status: 'Executed' },
        { stepNumber: 1, status: 'Executed' },
      ],
    },
    fillToHookMs,
  )
  emit({
    type: 'terminal',
    intentId: INTENT_ID,
    orderId: ORDER_ID,
    state: 'completed',
    detail: 'hook executed',
  })
}
