import { runRateBudgetScenario } from '../test/helpers/runRateBudgetScenario.ts'
import type { BenchResult } from './run.ts'

/** Routes quoted in one tick, the public budget per window, and the compressed window (ms). */
const ROUTES = 200
const BUDGET = 50
const WINDOW_MS = 2_000
const MIN_BUDGET_USE = 0.9

/**
 * The rate budget as a figure: 200 create-tx routes in one engine tick
 * against the simulator with its rate limit equal to the client's budget (50 per window, the
 * minute compressed to 2 s). Prints the requests and 429s the simulator saw and the share of the
 * budget used (runRateBudgetScenario explains the measure). Target: zero 429s, >= 90% used.
 */
export async function run(): Promise<BenchResult> {
  const f = await runRateBudgetScenario({ routes: ROUTES, budget: BUDGET, windowMs: WINDOW_MS })
  console.log(`budget ${BUDGET} per ${WINDOW_MS} ms window per endpoint, ${ROUTES} routes`)
  console.log(
    `create-tx requests  ${f.createTxRequests} (quotes ${f.quotes}, failed ${f.quoteFailures})`,
  )
  console.log(`429 answers         ${f.tooManyRequests}`)
  console.log(`span                ${f.spanMs} ms first to last arrival`)
  console.log(`slot reuse          ${f.slotReuseMs.toFixed(0)} ms mean (window ${WINDOW_MS} ms)`)
  console.log(
    `budget use          ${(f.budgetUse * 100).toFixed(1)}% (${f.requestsPerWindow.toFixed(1)} of ${BUDGET} per window)`,
  )
  return {
    name: 'rate budget: 200 routes vs the rate-limited simulator',
    target: `${f.tooManyRequests} 429s = 0, budget use ${(f.budgetUse * 100).toFixed(1)}% >= ${MIN_BUDGET_USE * 100}%`,
    met: f.tooManyRequests === 0 && f.budgetUse >= MIN_BUDGET_USE && f.quotes === ROUTES,
  }
}
