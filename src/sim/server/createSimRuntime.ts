import { type Clock, systemClock } from '../../common/clock.ts'
import { type Logger, silentLogger } from '../../common/Logger.ts'
import { type ChainStateReader, unlimitedChainState } from '../chainState/chainStateReader.ts'
import { createFaultInjector, type FaultInjector } from '../faults/createFaultInjector.ts'
import { faultKnobsSchema } from '../faults/faultKnobsSchema.ts'
import { createSeededRandom } from '../random/createSeededRandom.ts'
import { createStatsStore, type StatsStore } from '../stats/createStatsStore.ts'
import {
  createSyntheticPopulation,
  type SyntheticPopulation,
} from '../stats/createSyntheticPopulation.ts'
import { createRateLimiter, type RateLimiter } from './createRateLimiter.ts'
import type { SimAnswer } from './simAnswer.ts'
import type { QuoteOrderFn, QuoteSwapFn, SimServerDeps } from './simServerDeps.ts'

/** Largest number of quote answers kept for the stale-quote fault. */
const STALE_CACHE_SIZE = 1_000

/** The simulator's state shared by every route: {@link SimServerDeps} with defaults filled in. */
export type SimRuntime = {
  quoteOrder: QuoteOrderFn
  quoteSwap: QuoteSwapFn
  stats: StatsStore
  chainState: ChainStateReader
  clock: Clock
  logger: Logger
  selfCheck: boolean
  population: SyntheticPopulation
  rateLimiter: RateLimiter
  faults: FaultInjector
  /** Last answer per quote query, for the stale-quote fault. Oldest entries are evicted first. */
  quoteCache: Map<string, SimAnswer>
  /** Keeps the quote cache bounded. */
  rememberQuote(key: string, answer: SimAnswer): void
}

/** Fills in the defaults of {@link SimServerDeps}. Throws if the fault knobs are invalid. */
export function createSimRuntime(deps: SimServerDeps): SimRuntime {
  const seed = deps.seed ?? 1
  const clock = deps.clock ?? systemClock
  const quoteCache = new Map<string, SimAnswer>()
  return {
    quoteOrder: deps.quoteOrder,
    quoteSwap: deps.quoteSwap,
    stats: deps.stats ?? createStatsStore(),
    chainState: deps.chainState ?? unlimitedChainState,
    clock,
    logger: deps.logger ?? silentLogger,
    selfCheck: deps.selfCheck ?? true,
    population: createSyntheticPopulation(seed, deps.population),
    rateLimiter: createRateLimiter(deps.rateLimitPerMinute, clock, deps.rateLimitWindowMs),
    faults: createFaultInjector(
      faultKnobsSchema.parse(deps.faults ?? {}),
      createSeededRandom(seed),
    ),
    quoteCache,
    rememberQuote(key, answer) {
      quoteCache.delete(key)
      quoteCache.set(key, answer)
      if (quoteCache.size > STALE_CACHE_SIZE) {
        const oldest = quoteCache.keys().next().value
        if (oldest !== undefined) quoteCache.delete(oldest)
      }
    },
  }
}
