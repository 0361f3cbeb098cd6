import type { InFlightIntent, RouteRequest } from '../common/strategy/marketTypes.ts'
import type { IntentRecord, IntentState } from '../store/contract/journalTypes.ts'

const DEBITED: readonly IntentState[] = ['created', 'fulfilled']

/**
 * The journal's non-terminal intents as strategies see them (pure). An intent journaled without
 * a route (an older journal) is left out: it still counts in the risk limits.
 */
export function toInFlightIntents(records: readonly IntentRecord[]): InFlightIntent[] {
  const out: InFlightIntent[] = []
  for (const r of records) {
    const p = r.params as
      | { route?: RouteRequest; amountIn?: bigint; minAmountOut?: bigint }
      | undefined
    if (!p?.route || typeof p.amountIn !== 'bigint' || typeof p.minAmountOut !== 'bigint') continue
    out.push({
      intentId: r.id,
      strategy: r.strategy,
      route: p.route,
      amountIn: p.amountIn,
      minAmountOut: p.minAmountOut,
      notionalUsd: r.notionalUsd,
      sourceDebited: DEBITED.includes(r.state),
      arrived: r.state === 'fulfilled',
    })
  }
  return out
}
