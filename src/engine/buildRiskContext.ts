import type { Intent, MarketSnapshot } from '../common/strategy/marketTypes.ts'
import type { DeepReadonly } from '../settings/deepFreeze.ts'
import type { FerryConfig } from '../settings/ferryConfigSchema.ts'
import { resolveRouteRiskLimits } from '../settings/resolveRouteRiskLimits.ts'
import type { Journal } from '../store/openJournal.ts'
import { type RiskTotals, readRiskTotals } from './readRiskTotals.ts'
import type { RiskContext } from './risk/riskTypes.ts'

/**
 * What the risk checks see for one intent: its route's limits and the journal's totals as they
 * are now. `self` is the intent's own id once it is journaled: its own notional is left out, so
 * the last check before signing judges it against everything else, as the first one did.
 */
export function buildRiskContext(params: {
  config: DeepReadonly<FerryConfig>
  journal: Pick<Journal, 'notionalUsdSince' | 'status' | 'lastFailureMs'>
  strategyId: string
  intent: Intent
  snapshot: MarketSnapshot
  killSwitchEngaged: boolean
  /** ms since the epoch the daily window ends at. Default the snapshot's time. */
  nowMs?: number
  self?: string
  /**
   * The journal's totals when the caller already holds them (the tick's running totals);
   * default: read from the journal now, as the last check before signing does.
   */
  totals?: RiskTotals
}): RiskContext {
  const { config, journal, strategyId, intent, snapshot, self } = params
  const r = intent.route
  const key =
    r.kind === 'crossChain'
      ? { strategyId, srcChainId: r.srcChainId, dstChainId: r.dstChainId }
      : { strategyId, srcChainId: r.chainId, dstChainId: r.chainId }
  const own = self === undefined ? 0 : intent.notionalUsd
  const totals = params.totals ?? readRiskTotals(journal, params.nowMs ?? snapshot.nowMs)
  const today = totals.dayByRoute
  const inFlight = totals.inFlight.filter((i) => i.id !== self)
  return {
    snapshot,
    limits: resolveRouteRiskLimits(config.risk, key),
    globalLimits: resolveRouteRiskLimits(config.risk),
    notionalUsdToday: today.reduce((sum, t) => sum + t.notionalUsd, 0) - own,
    routeNotionalUsdToday: (today.find((t) => t.route === r.routeId)?.notionalUsd ?? 0) - own,
    inFlightUsd: inFlight.reduce((s, i) => s + i.notionalUsd, 0),
    routeInFlightUsd: inFlight
      .filter((i) => i.route === r.routeId)
      .reduce((s, i) => s + i.notionalUsd, 0),
    lastRouteFailureAtMs: journal.lastFailureMs(r.routeId),
    killSwitchEngaged: params.killSwitchEngaged,
  }
}
