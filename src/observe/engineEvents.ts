import type { CostKind, RouteRequest } from '../common/strategy/marketTypes.ts'
import type { ClusterEvent } from './clusterEvents.ts'

/**
 * What the engine reports as it works, in order for one intent: intent, quote, decision,
 * approval, sent, created, filled, hook, terminal. `ferry run --json` prints each as one JSON
 * line; the live view prints one line each. Amounts are decimal strings of base units.
 */
export type EngineEvent =
  /** A cluster member's lease changes and view (several processes on one PostgreSQL journal). */
  | ClusterEvent
  | { type: 'tick'; tick: number; strategies: string[]; atMs: number }
  /**
   * A chain's RPCs answered a money-deciding read differently; the read was refused, never
   * settled by a pick (P-2.12). `detail`: each RPC's host and its answer, one line each.
   */
  | { type: 'rpcDisagreement'; chainId: number; method: string; detail: string[] }
  /**
   * The tick's work is done (its orders may still be tracked): `failures` counts strategies whose
   * run threw or had a quote fail. Its time is the last successful tick's when `failures` is 0.
   */
  | {
      type: 'tickEnd'
      tick: number
      atMs: number
      durationMs: number
      failures: number
      /** The tick's first failure, one line (a chain and its RPC host, a failed quote). */
      error?: string
    }
  /** The kill-switch file appeared (`engaged`) or went away, as seen at the start of a tick. */
  | {
      type: 'killSwitch'
      engaged: boolean
      /** Why ferry engaged it itself (risk.autoKill); absent when a person changed the file. */
      reason?: string
    }
  /** Our balances as the tick read them (amounts in base units; usd when priced). */
  | {
      type: 'balances'
      balances: {
        chainId: number
        token: string
        symbol: string
        isNative: boolean
        amount: string
        usd: number | undefined
        /** Natives: the account that pays the gas when not the owner (a Safe's key), base units. */
        gasPayer?: { address: string; amount: string }
      }[]
    }
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
  /** A request a risk check postponed is not quoted before `untilMs` (ms since the epoch). */
  | { type: 'held'; strategy: string; requestId: string; reason: string; untilMs: number }
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
      /** The plan's request it came from (the `quote` event of the same strategy and id). */
      requestId: string
      route: string
      amountIn: string
      minAmountOut: string
      notionalUsd: number
      reason: string
      /** The quote it was decided on: expected output (base units), its USD, full cost in bps. */
      quotedAmountOut: string
      quotedAmountOutUsd: number
      costBps: number
      /** USD of each kind of cost the quote shows (orderCostsUsd.ts). */
      costsUsd: Readonly<Partial<Record<CostKind, number>>>
      /** Swap quotes: the quote's edge over the best compared aggregator, bps; else undefined. */
      edgeBps: number | undefined
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
  | {
      type: 'filled'
      intentId: string
      orderId: string
      chainId: number
      txHash: string
      /** What the recipient got: the order's take amount, from the FulfilledOrder event. */
      amountOut: string
    }
  /**
   * The order passed `tracking.deadlineMs` without its fill (or its hook's completion): a person
   * should look (P-7.4); with `tracking.autoCancel` the cancel follows.
   */
  | { type: 'stuck'; intentId: string; orderId: string; waitingFor: 'fill' | 'hook'; ageMs: number }
  /**
   * A stuck order's take was lowered with patchOrderTake on its destination chain `chainId`
   * (`tracking.onStuck: patch`, P-7.12): patch number `patch`, the take a taker must now deliver
   * (base units) and its cost at trusted prices (bps of the input value). Tracking goes on.
   */
  | {
      type: 'patched'
      intentId: string
      orderId: string
      chainId: number
      txHash: string
      patch: number
      takeAmount: string
      costBps: number
    }
  /** The order's cancel was mined on the destination chain `chainId`; the refund follows. */
  | { type: 'cancelled'; intentId: string; orderId: string; chainId: number; txHash: string }
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
      state: 'completed' | 'failed' | 'refused' | 'cancelled'
      detail: string
      /**
       * Set on a `failed` end whose cause was the market, not a fault or a lie: the quote moved
       * below ferry's minimum before signing. Never counts toward the kill switch.
       */
      economics?: true
      /**
       * Set on a `failed` end whose cause is the config (a price feed that is not there): alerted
       * as `configFailure`, counts toward neither kill-switch rule, starts no route cooldown.
       */
      config?: true
    }

/** Describes a route for humans: `42161 → 8453`, or `swap on 42161`. */
export function describeRoute(route: RouteRequest): string {
  return route.kind === 'crossChain'
    ? `${route.srcChainId} → ${route.dstChainId}`
    : `swap on ${route.chainId}`
}
