import {
  type CreateEngineParams,
  createEngine,
  type Engine,
} from '../../src/engine/createEngine.ts'
import type { EngineMarket } from '../../src/engine/engineMarket.ts'
import { createIntentLedger } from '../../src/execute/createIntentLedger.ts'
import { createIntentRunner } from '../../src/execute/createIntentRunner.ts'
import type { ChainOps } from '../../src/execute/executionOutcome.ts'
import type { FailPoint } from '../../src/execute/failPoints.ts'
import type { Journal } from '../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../src/store/sqlite/toJournalStore.ts'
import { builtInStrategies } from '../../strategies/builtInStrategies.ts'

/** A whole fake world for engine tests: the market and the chain ops in one object. */
export type FakeWorld = EngineMarket & ChainOps

/**
 * The real engine over the real intent runner and ledger (on the test's SQLite journal, as a
 * store, its last risk check reading the file as `ferry run` does), with the market and the
 * chain side faked: no processes, no network.
 */
export function createTestEngine(
  params: Omit<CreateEngineParams, 'market' | 'runner' | 'strategies' | 'journal'> & {
    journal: Journal
    world: FakeWorld
    strategies?: CreateEngineParams['strategies']
    failPoint?: FailPoint
    /** The last risk check reads through the store (PostgreSQL's path), not the file. */
    storeOnlyPreSign?: boolean
  },
): Engine {
  const { world, storeOnlyPreSign, ...rest } = params
  const { logger } = params
  const journal = toJournalStore(params.journal)
  const runner = createIntentRunner({
    ops: world,
    ledger: createIntentLedger(journal),
    journal,
    logger,
    ...(params.failPoint ? { failPoint: params.failPoint } : {}),
  })
  return createEngine({
    ...rest,
    journal,
    ...(storeOnlyPreSign ? {} : { preSignReads: params.journal }),
    strategies: params.strategies ?? builtInStrategies,
    market: world,
    runner,
  })
}
