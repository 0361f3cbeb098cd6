import { TERMINAL_INTENT_STATES } from '../store/contract/journalTypes.ts'
import type { IntentHistory } from '../store/sqlite/createJournalQueries.ts'
import { describeRouteKey } from './describeRouteKey.ts'
import type { DecisionQuote, ReportOrderRow } from './reportTypes.ts'

// The VerificationError prefix (src/chains/verify): the engine journals its short message as the
// failed intent's reason, the only trace of a refusal to sign in the journal.
const VERIFIER_REFUSAL_PREFIX = 'refusing to sign'

/**
 * One intent's row: its decision quote, its first order, and the durations between them (ms):
 * intent → order created, created → filled (the order's last update once `filledAmount` is
 * journaled), filled → hook done (the last step, once every step is Executed), and end to end for
 * a terminal intent. The shortfall of realized against quoted output is in bps. Pure.
 */
export function toOrderRow(
  history: IntentHistory,
  quote: DecisionQuote | undefined,
): ReportOrderRow {
  const { intent } = history
  const order = history.orders[0]
  const { label, outSymbol } = describeRouteKey(intent.route)
  const realized = order?.filledAmount
  const fillMs = order && realized !== undefined ? order.updatedMs : undefined
  const steps = order ? history.hookSteps.filter((s) => s.orderId === order.orderId) : []
  const hookDoneMs =
    steps.length > 0 && steps.every((s) => s.status === 'Executed')
      ? Math.max(...steps.map((s) => s.updatedMs))
      : undefined
  const terminal = TERMINAL_INTENT_STATES.includes(intent.state)
  const costsUsd = quote ? Object.values(quote.costsUsd).reduce((a, b) => a + b, 0) : undefined
  return {
    intentId: intent.id,
    strategy: intent.strategy,
    route: intent.route,
    routeLabel: label,
    state: intent.state,
    reason: intent.reason,
    refusedByVerifier:
      intent.state === 'failed' && (intent.reason ?? '').startsWith(VERIFIER_REFUSAL_PREFIX),
    orderId: order?.orderId,
    orderState: order?.state,
    createdMs: intent.createdMs,
    notionalUsd: intent.notionalUsd,
    quotedAmountOut: quote?.amountOut,
    realizedAmountOut: realized,
    outDecimals: quote?.outDecimals,
    outSymbol,
    shortfallBps:
      quote && realized !== undefined ? shortfallBps(quote.amountOut, realized) : undefined,
    costBps: quote?.costBps,
    costsUsd,
    intentToCreatedMs: order ? order.createdMs - intent.createdMs : undefined,
    createdToFilledMs: order && fillMs !== undefined ? fillMs - order.createdMs : undefined,
    filledToHookDoneMs:
      fillMs !== undefined && hookDoneMs !== undefined ? hookDoneMs - fillMs : undefined,
    endToEndMs: terminal ? intent.updatedMs - intent.createdMs : undefined,
    journal: {
      params: intent.params,
      quotes: history.quotes,
      approvals: history.approvals,
      attempts: history.attempts.map(({ rawTx: _rawTx, ...attempt }) => attempt),
      orders: history.orders,
      hookSteps: history.hookSteps,
    },
  }
}

/** `(quoted − realized) / quoted` in bps, to 0.01 bps, in integer maths until the last step. */
function shortfallBps(quoted: bigint, realized: bigint): number | undefined {
  if (quoted === 0n) return undefined
  return Number(((quoted - realized) * 1_000_000n) / quoted) / 100
}
