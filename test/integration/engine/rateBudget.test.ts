import { describe, expect, test } from 'vitest'
import { runRateBudgetScenario } from '../../helpers/runRateBudgetScenario.ts'

// The public budget (50 a minute per endpoint, docs/dln.md §2.3) with the minute compressed to three
// seconds, so 200 routes take four windows instead of four minutes. Three, not one or two: the client
// frees a slot a window after the answer, so each window costs one request latency, a larger
// share of a shorter window on a loaded machine (at two seconds, a busy machine's 200 ms answers
// cost 10 % of the budget; the real window is 60 s).
const BUDGET = 50
const WINDOW_MS = 3_000
const ROUTES = 200

describe('rate budget', () => {
  test('behavior: 200 routes in one tick against the rate-limited simulator: zero 429s, >= 90% of the budget used', async () => {
    const figures = await runRateBudgetScenario({
      routes: ROUTES,
      budget: BUDGET,
      windowMs: WINDOW_MS,
    })
    expect(figures.quotes).toBe(ROUTES)
    expect(figures.quoteFailures).toBe(0)
    expect(figures.createTxRequests).toBe(ROUTES)
    expect(figures.tooManyRequests).toBe(0)
    // A throughput ratio against the budget, from the arrival times at the simulator.
    expect(figures.budgetUse).toBeGreaterThanOrEqual(0.9)
    // Never above it either: the client may not outrun the limit it was given.
    expect(figures.budgetUse).toBeLessThanOrEqual(1)
  }, 30_000)
})
