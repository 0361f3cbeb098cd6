import { z } from 'zod'
import { configFields } from './configFields.ts'

/**
 * The limit keys shared by `risk` (global, with defaults) and `risk.routes[]` (overrides). Each is
 * documented where it gets its default, in riskSettingsSchema.ts.
 */
export const riskLimitFields = {
  maxNotionalUsdPerOrder: configFields.usd,
  maxNotionalUsdPerDay: configFields.usd,
  maxInFlightUsd: configFields.usd,
  maxCostBps: configFields.bps,
  minOutputVsUsdValueBps: configFields.bps,
  maxPriceImpactBps: configFields.bps,
  gasReserve: z.record(configFields.chainIdKey, configFields.baseUnits),
  cooldownMsAfterFailure: configFields.ms,
}
