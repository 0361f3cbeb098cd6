import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import { resolveRouteRiskLimits } from '../../settings/resolveRouteRiskLimits.ts'
import type { RiskSettings } from '../../settings/riskSettingsSchema.ts'
import type { IntentRecord } from '../../store/contract/journalTypes.ts'
import type { DryRunRecord } from '../../store/sqlite/createDryRunQueries.ts'
import type { JournalStatus, RouteNotional } from '../../store/sqlite/createJournalQueries.ts'
import type { PostponementRecord } from '../../store/sqlite/createPostponementRecords.ts'

/** One route of `ferry status`: its notional and in-flight value against its own limits. */
export type RouteStatus = {
  route: string
  /** Notional journaled since the start of the UTC day, USD. */
  todayUsd: number
  /** Notional journaled in the last 24 h, USD: the figure the daily cap is held to (P-4.2). */
  last24hUsd: number
  /** Intents journaled in the last 24 h. */
  intents24h: number
  /** Notional of the route's non-terminal intents, USD. */
  inFlightUsd: number
  /** The route's effective `maxNotionalUsdPerDay` (see {@link buildStatusReport}). */
  maxNotionalUsdPerDay: number
  /** The route's effective `maxInFlightUsd`. */
  maxInFlightUsd: number
}

/** What `ferry status` shows (and prints as JSON with `--json`). */
export type StatusReport = {
  journal: string
  killSwitch: { path: string; engaged: boolean; note: string | undefined }
  inFlight: { count: number; usd: number; maxUsd: number; intents: IntentRecord[] }
  daily: { dayStartMs: number; todayUsd: number; last24hUsd: number; maxUsd: number }
  routes: RouteStatus[]
  /** Requests a risk check postponed, not quoted again before their time (`postpone.delayMs`). */
  postponed: PostponementRecord[]
  /**
   * Dry-run intents of the last 24 h: nothing was signed and none counts against a limit, but a
   * rehearsal is read here. `recent` holds the newest {@link RECENT_DRY_RUNS}.
   */
  dryRuns: { count24h: number; usd24h: number; recent: DryRunRecord[] }
}

/** How many dry-run intents `ferry status` lists. */
export const RECENT_DRY_RUNS = 10

/** Inputs of {@link buildStatusReport}. */
export type BuildStatusReportParams = {
  journalPath: string
  status: JournalStatus
  /** `notionalUsdSince(now - 24 h)` of the same journal. */
  last24h: readonly RouteNotional[]
  risk: DeepReadonly<RiskSettings>
  /** Strategy instance ids of the config: route overrides may be keyed by them. */
  strategyIds: readonly string[]
  killSwitch: StatusReport['killSwitch']
  /** The journal's postponements still running. Default none. */
  postponed?: readonly PostponementRecord[]
  /** The journal's newest dry-run intents of the last 24 h, newest first. Default none. */
  recentDryRuns?: readonly DryRunRecord[]
  /** Count and notional (USD) of all the dry-run intents of the last 24 h. Default none. */
  dryRunTotals24h?: { count: number; notionalUsd: number }
}

/**
 * Puts the journal's figures next to the config's limits. A route's limits come from
 * `resolveRouteRiskLimits` with the chain ids parsed from its key (`42161:0x…->8453:0x…`); since
 * a route key does not say which strategy instance used it, the lowest limit over the config's
 * instances is shown (the same as the global one unless a `risk.routes[]` entry names a
 * strategy). Pure.
 */
export function buildStatusReport(params: BuildStatusReportParams): StatusReport {
  const { status, risk } = params
  const global = resolveRouteRiskLimits(risk)
  const today = new Map(status.todayByRoute.map((r) => [r.route, r]))
  const last24h = new Map(params.last24h.map((r) => [r.route, r]))
  const inFlightByRoute = new Map<string, number>()
  for (const intent of status.inFlight) {
    inFlightByRoute.set(intent.route, (inFlightByRoute.get(intent.route) ?? 0) + intent.notionalUsd)
  }
  const routeKeys = [...new Set([...last24h.keys(), ...today.keys(), ...inFlightByRoute.keys()])]
  const routes = routeKeys.map((route): RouteStatus => {
    const limits = routeLimits(route, risk, params.strategyIds)
    return {
      route,
      todayUsd: today.get(route)?.notionalUsd ?? 0,
      last24hUsd: last24h.get(route)?.notionalUsd ?? 0,
      intents24h: last24h.get(route)?.intents ?? 0,
      inFlightUsd: inFlightByRoute.get(route) ?? 0,
      maxNotionalUsdPerDay: limits.maxNotionalUsdPerDay,
      maxInFlightUsd: limits.maxInFlightUsd,
    }
  })
  routes.sort((a, b) => b.last24hUsd - a.last24hUsd || a.route.localeCompare(b.route))
  return {
    journal: params.journalPath,
    killSwitch: params.killSwitch,
    inFlight: {
      count: status.inFlight.length,
      usd: status.inFlightUsd,
      maxUsd: global.maxInFlightUsd,
      intents: status.inFlight,
    },
    daily: {
      dayStartMs: status.dayStartMs,
      todayUsd: status.todayUsd,
      last24hUsd: params.last24h.reduce((sum, r) => sum + r.notionalUsd, 0),
      maxUsd: global.maxNotionalUsdPerDay,
    },
    routes,
    postponed: [...(params.postponed ?? [])],
    dryRuns: {
      count24h: params.dryRunTotals24h?.count ?? 0,
      usd24h: params.dryRunTotals24h?.notionalUsd ?? 0,
      recent: (params.recentDryRuns ?? []).slice(0, RECENT_DRY_RUNS),
    },
  }
}

const ROUTE_KEY = /^(\d+):.*->(\d+):/

function routeLimits(
  route: string,
  risk: DeepReadonly<RiskSettings>,
  strategyIds: readonly string[],
): { maxNotionalUsdPerDay: number; maxInFlightUsd: number } {
  const match = ROUTE_KEY.exec(route)
  if (!match) return resolveRouteRiskLimits(risk)
  const srcChainId = Number(match[1])
  const dstChainId = Number(match[2])
  const candidates = (strategyIds.length > 0 ? strategyIds : ['']).map((strategyId) =>
    resolveRouteRiskLimits(risk, { strategyId, srcChainId, dstChainId }),
  )
  return {
    maxNotionalUsdPerDay: Math.min(...candidates.map((l) => l.maxNotionalUsdPerDay)),
    maxInFlightUsd: Math.min(...candidates.map((l) => l.maxInFlightUsd)),
  }
}
