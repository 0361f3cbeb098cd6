/**
 * One day, ms: the window of the daily notional caps (risk.maxNotionalUsdPerDay) wherever they are
 * summed (engine, replay, journal queries, status), so every reader means the same 24 h.
 */
export const DAY_MS = 86_400_000
