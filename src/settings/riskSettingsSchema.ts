import { z } from 'zod'
import { configFields } from './configFields.ts'
import { riskLimitFields } from './riskLimitFields.ts'

const f = riskLimitFields

/**
 * One `risk.routes[]` entry: limits for the intents it matches, laid over the global ones. Every
 * matcher that is set must equal the intent's (strategy instance id, source chain, destination
 * chain); the first matching entry wins. Unset limits keep the global value.
 */
export const routeRiskSchema = z.strictObject({
  /** Strategy instance id (`strategies[].id`) this entry applies to. */
  strategy: z.string().min(1).optional(),
  srcChainId: configFields.chainId.optional(),
  dstChainId: configFields.chainId.optional(),
  maxNotionalUsdPerOrder: f.maxNotionalUsdPerOrder.optional(),
  maxNotionalUsdPerDay: f.maxNotionalUsdPerDay.optional(),
  maxInFlightUsd: f.maxInFlightUsd.optional(),
  maxCostBps: f.maxCostBps.optional(),
  minOutputVsUsdValueBps: f.minOutputVsUsdValueBps.optional(),
  maxPriceImpactBps: f.maxPriceImpactBps.optional(),
  gasReserve: f.gasReserve.optional(),
  cooldownMsAfterFailure: f.cooldownMsAfterFailure.optional(),
})

/**
 * The `risk` section (safety P-4.2..P-4.5): global limits, per-route overrides and the kill
 * switch. Enforced by the pure checks of src/engine/risk on every intent before it is signed.
 */
export const riskSettingsSchema = z.strictObject({
  /** Largest single order, USD at quote time. Default 1 000. */
  maxNotionalUsdPerOrder: f.maxNotionalUsdPerOrder.default(1_000),
  /** Notional sent in any rolling 24 h, USD; journaled, so restarts do not reset it. Default 10 000. */
  maxNotionalUsdPerDay: f.maxNotionalUsdPerDay.default(10_000),
  /** Value in created-but-unfilled orders at once, USD. Default 5 000. */
  maxInFlightUsd: f.maxInFlightUsd.default(5_000),
  /** Most an order may cost (spread + fees + gas) in bps of its input value. Default 50 (0.5%). */
  maxCostBps: f.maxCostBps.default(50),
  /** Least guaranteed output value in bps of the input value. Default 9 800 (98%). */
  minOutputVsUsdValueBps: f.minOutputVsUsdValueBps.default(9_800),
  /** Highest price impact the service may report, bps. Default 100 (1%). */
  maxPriceImpactBps: f.maxPriceImpactBps.default(100),
  /**
   * Native balance to keep per chain id, base units as decimal strings (`"2000000000000000"` =
   * 0.002 ETH), in the account that pays the gas: the wallet's key, or in a Safe account the key,
   * not the Safe. Pays for cancels and fee bumps of orders already out (P-4.3). Default none.
   */
  gasReserve: f.gasReserve.default({}),
  /** Pause of a route after a failed or cancelled order, ms (P-4.5). Default 600 000 (10 min). */
  cooldownMsAfterFailure: f.cooldownMsAfterFailure.default(600_000),
  /**
   * While this file exists no new intent is accepted; tracking and cancels go on (P-4.4). Relative
   * paths are from the config file's directory (resolveKillSwitchPath). `ferry kill on|off`
   * creates or removes it. Default `ferry.kill`.
   */
  killSwitchFile: z.string().min(1).default('ferry.kill'),
  /** Per-route overrides, first match wins. Default none. */
  routes: z.array(routeRiskSchema).default([]),
  /**
   * When ferry engages the kill switch by itself (P-4.4, P-4.6); a person clears it with
   * `ferry kill off`. `onRefusal`: the verifier refused a transaction of the service (a security
   * event). Default true. `afterConsecutiveFailures`: that many intents in a row ended failed or
   * cancelled (a completed one resets the count); 0 never. Default 5.
   */
  autoKill: z
    .strictObject({
      onRefusal: z.boolean().default(true),
      afterConsecutiveFailures: z.number().int().min(0).max(1_000).default(5),
    })
    .prefault({}),
})
export type RiskSettings = z.infer<typeof riskSettingsSchema>
export type RouteRiskSettings = z.infer<typeof routeRiskSchema>
