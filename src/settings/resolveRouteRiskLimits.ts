import type { DeepReadonly } from './deepFreeze.ts'
import type { RiskSettings } from './riskSettingsSchema.ts'

/** Which intent the limits are for: the route's matchers of `risk.routes[]`. */
export type RouteRiskKey = { strategyId: string; srcChainId: number; dstChainId: number }

/** The limits of one route, in the engine's shape (src/engine/risk/riskTypes RiskLimits). */
export type ResolvedRiskLimits = {
  maxNotionalUsdPerOrder: number
  maxNotionalUsdPerDay: number
  maxInFlightUsd: number
  maxCostBps: number
  minOutputVsUsdValueBps: number
  maxPriceImpactBps: number
  gasReserve: Readonly<Record<string, bigint>>
  cooldownMsAfterFailure: number
}

/**
 * The effective limits of a route: the global `risk` values with the first matching
 * `risk.routes[]` entry laid over them (a matcher left out matches anything). Gas reserves are
 * merged per chain and turned into bigint base units. Pass no key for the global limits. Pure.
 */
export function resolveRouteRiskLimits(
  risk: DeepReadonly<RiskSettings>,
  key?: RouteRiskKey,
): ResolvedRiskLimits {
  const route =
    key === undefined
      ? undefined
      : risk.routes.find(
          (r) =>
            (r.strategy === undefined || r.strategy === key.strategyId) &&
            (r.srcChainId === undefined || r.srcChainId === key.srcChainId) &&
            (r.dstChainId === undefined || r.dstChainId === key.dstChainId),
        )
  const gasReserve = Object.fromEntries(
    Object.entries({ ...risk.gasReserve, ...route?.gasReserve }).map(([chainId, amount]) => [
      chainId,
      BigInt(amount),
    ]),
  )
  return {
    maxNotionalUsdPerOrder: route?.maxNotionalUsdPerOrder ?? risk.maxNotionalUsdPerOrder,
    maxNotionalUsdPerDay: route?.maxNotionalUsdPerDay ?? risk.maxNotionalUsdPerDay,
    maxInFlightUsd: route?.maxInFlightUsd ?? risk.maxInFlightUsd,
    maxCostBps: route?.maxCostBps ?? risk.maxCostBps,
    minOutputVsUsdValueBps: route?.minOutputVsUsdValueBps ?? risk.minOutputVsUsdValueBps,
    maxPriceImpactBps: route?.maxPriceImpactBps ?? risk.maxPriceImpactBps,
    gasReserve,
    cooldownMsAfterFailure: route?.cooldownMsAfterFailure ?? risk.cooldownMsAfterFailure,
  }
}
