import type { Intent, MarketSnapshot } from '../common/strategy/marketTypes.ts'
import type { DeepReadonly } from '../settings/deepFreeze.ts'
import type { FerryConfig } from '../settings/ferryConfigSchema.ts'
import { resolveRouteRiskLimits } from '../settings/resolveRouteRiskLimits.ts'
import type { RiskTotals } from './readRiskTotals.ts'
import type { RiskContext } from './risk/riskTypes.ts'

/**
 * What the risk checks see for one intent: its route's limits and the journal's totals the
 * caller read (the tick's running totals, or the journal's own as the last check before signing
 * reads them). `self` is the intent's own id once it is journaled: its own notional is left out,
 * so the last check before signing judges it against everything else, as the first one did.
 */
export function buildRiskContext(params: {
  config: DeepReadonly<FerryConfig>
  strategyId: string
  intent: Intent
  snapshot: MarketSnapshot
  killSwitchEngaged: boolean
  self?: string
  /** The journal's totals (readRiskTotals) for the 24 h window the check judges. */
  totals: RiskTotals
  /** When the intent's route last failed, ms since the epoch (journal `lastFailureMs`). */
  lastRouteFailureAtMs: number | undefined
}): RiskContext {
  const { config, strategyId, intent, snapshot, self, totals } = params
  const r = intent.route
  const key =
    r.kind === 'crossChain'
      ? { strategyId, srcChainId: r.srcChainId, dstChainId: r.dstChainId }
      : { strategyId, srcChainId: r.chainId, dstChainId: r.chainId }
  const own = self === undefined ? 0 : intent.notionalUsd
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
    lastRouteFailureAtMs: params.lastRouteFailureAtMs,
    killSwitchEngaged: params.killSwitchEngaged,
  }
}
