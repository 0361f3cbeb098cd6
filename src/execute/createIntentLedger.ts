import { aggregatorEdgeBps } from '../common/strategy/aggregatorEdgeBps.ts'
import type { Intent } from '../common/strategy/marketTypes.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import type { HexText, IntentState } from '../store/contract/journalTypes.ts'

/** The states an intent passes through on its way, before its end. */
export type IntentProgress = 'approving' | 'signed' | 'broadcast' | 'fulfilled'

/** The states that end an intent. */
export type IntentEnd = 'completed' | 'failed' | 'cancelled'

/** The only writer of intent state (docs/architecture.md, src/execute). */
export type IntentLedger = {
  /** Journals an accepted intent and the quote it was decided on; it starts `journaled`. */
  accept(params: { intentId: string; strategyId: string; intent: Intent }): Promise<void>
  /** Moves an intent forward; a repeat or a step back is a no-op (the journal is monotonic). */
  advance(intentId: string, state: IntentProgress): Promise<void>
  /**
   * Records the order an intent created, then moves it to `created`: the order first, so a crash
   * between the two leaves an order the restart tracks.
   */
  created(
    intentId: string,
    order: { orderId: string; srcChainId: number; dstChainId: number; createTxHash: string },
  ): Promise<void>
  /** Ends an intent with its reason; returns false when it had ended already. */
  end(intentId: string, state: IntentEnd, detail: string): Promise<boolean>
  /** The strategy instance an intent belongs to ('' when unknown). */
  strategyOf(intentId: string): Promise<string>
}

/**
 * Builds the {@link IntentLedger} over the journal. Every intent-state write of ferry goes
 * through here, which a test enforces, so the lifecycle has one home and one set of rules.
 */
export function createIntentLedger(
  journal: Pick<
    JournalStore,
    'recordIntent' | 'recordQuote' | 'setIntentState' | 'recordOrder' | 'getIntent'
  >,
): IntentLedger {
  const move = async (intentId: string, state: IntentState, detail?: string): Promise<boolean> =>
    (await journal.setIntentState(intentId, state, detail)).changed
  return {
    async accept({ intentId, strategyId, intent }) {
      const route = intent.route
      await journal.recordIntent({
        id: intentId,
        strategy: strategyId,
        route: route.routeId,
        params: {
          route,
          amountIn: intent.amountIn,
          minAmountOut: intent.minAmountOut,
          reason: intent.reason,
        },
        notionalUsd: intent.notionalUsd,
      })
      // The quote the decision was made on, for quoted-vs-realized and cost reports.
      const q = intent.quote
      await journal.recordQuote({
        intentId,
        endpoint: route.kind === 'crossChain' ? 'create-tx' : 'chain/transaction',
        request: route,
        response: {
          quotedAtMs: q.quotedAtMs,
          amountIn: q.amountIn,
          amountInUsd: q.amountInUsd,
          amountOut: q.amountOut,
          amountOutUsd: q.amountOutUsd,
          minAmountOut: q.minAmountOut,
          outDecimals: q.outDecimals,
          costBps: q.costBps,
          costsUsd: q.costsUsd,
          priceImpactBps: q.priceImpactBps,
          edgeBps: aggregatorEdgeBps(q),
        },
      })
    },
    async advance(intentId, state) {
      await move(intentId, state)
    },
    async created(intentId, order) {
      await journal.recordOrder({
        orderId: order.orderId as HexText,
        intentId,
        srcChainId: order.srcChainId,
        dstChainId: order.dstChainId,
        state: 'Created',
        createTxHash: order.createTxHash,
      })
      await move(intentId, 'created')
    },
    end: (intentId, state, detail) => move(intentId, state, detail),
    strategyOf: async (intentId) => (await journal.getIntent(intentId))?.strategy ?? '',
  }
}
