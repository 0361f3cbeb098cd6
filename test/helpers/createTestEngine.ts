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
import { builtInStrategies } from '../../strategies/builtInStrategies.ts'

/** A whole fake world for engine tests: the market and the chain ops in one object. */
export type FakeWorld = EngineMarket & ChainOps

/**
 * The real engine over the real intent runner and ledger (on the test's journal), with the
 * market and the chain side faked: no processes, no network.
 */
export function createTestEngine(
  params: Omit<CreateEngineParams, 'market' | 'runner' | 'strategies'> & {
    world: FakeWorld
    strategies?: CreateEngineParams['strategies']
    failPoint?: FailPoint
  },
): Engine {
  const { world, journal, logger } = params
  const runner = createIntentRunner({
    ops: world,
    ledger: createIntentLedger(journal),
    journal,
    logger,
    ...(params.failPoint ? { failPoint: params.failPoint } : {}),
  })
  return createEngine({
    ...params,
    strategies: params.strategies ?? builtInStrategies,
    market: world,
    runner,
  })
}
