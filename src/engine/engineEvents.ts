import type { RouteRequest } from './types.ts'

/**
 * What the engine reports as it works, in order for one intent: intent, quote, decision,
 * approval, sent, created, filled, hook, terminal. `ferry run --json` prints each as one JSON
 * line; the live view prints one line each. Amounts are decimal strings of base units.
 */
export type EngineEvent =
  | { type: 'tick'; tick: number; strategies: string[]; atMs: number }
  | {
      type: 'quote'
      strategy: string
      requestId: string
      route: string
      amountIn: string
      amountOut: string
      costBps: number
    }
  | { type: 'quoteFailed'; strategy: string; requestId: string; error: string }
  | {
      type: 'observation'
      strategy: string
      kind: string
      valueBps: number | undefined
      thresholdBps: number | undefined
      acted: boolean
      note: string
    }
  | {
      type: 'intent'
      strategy: string
      intentId: string
      route: string
      amountIn: string
      minAmountOut: string
      notionalUsd: number
      reason: string
    }
  | {
      type: 'decision'
      strategy: string
      intentId: string
      verdict: 'accept' | 'reject' | 'postpone'
      reason: string | undefined
      check: string | undefined
      detail: string | undefined
    }
  | { type: 'dryRun'; strategy: string; intentId: string; note: string }
  /** A sent transaction whose fate is not known yet: the intent stays in flight (P-2.3). */
  | { type: 'unsettled'; intentId: string; detail: string }
  | {
      type: 'reconcile'
      intentId: string
      /** What the restart does with it: track, resume, abandon, finish or wait (P-2.2). */
      plan: string
      detail: string
    }
  | { type: 'approval'; intentId: string; chainId: number; actions: string[] }
  | { type: 'sent'; intentId: string; chainId: number; hash: string }
  | { type: 'created'; intentId: string; orderId: string; chainId: number }
  | { type: 'filled'; intentId: string; orderId: string; chainId: number; txHash: string }
  | {
      type: 'hook'
      intentId: string
      orderId: string
      steps: { stepNumber: number; status: string }[]
    }
  | {
      type: 'terminal'
      intentId: string
      orderId: string | undefined
      state: 'completed' | 'failed' | 'refused'
      detail: string
    }

/** Describes a route for humans: `42161 → 8453`, or `swap on 42161`. */
export function describeRoute(route: RouteRequest): string {
  return route.kind === 'crossChain'
    ? `${route.srcChainId} → ${route.dstChainId}`
    : `swap on ${route.chainId}`
}
