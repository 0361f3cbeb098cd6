import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { silentLogger } from '../../../src/common/Logger.ts'
import type { Strategy } from '../../../src/common/strategy/strategyContract.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import { createTestEngine, type FakeWorld } from '../../helpers/createTestEngine.ts'
import { tmpJournal } from '../store/tmpJournal.ts'
import { buildQuote, usdc } from '../strategies/buildStrategyFixture.ts'
import { rebalanceConfig } from './engineFixture.ts'

const THIS_FILE = fileURLToPath(import.meta.url)

/** One tick of the rebalance with `plan` or `decide` replaced by code that throws; its tickEnd. */
async function tickWith(stage: 'plan' | 'decide') {
  const rebalance = builtInStrategies.rebalance as Strategy<unknown>
  const broken: Strategy<unknown> = {
    ...rebalance,
    [stage]: () => {
      const missing = undefined as unknown as { amount: bigint }
      return missing.amount
    },
  }
  const { journal, clock } = tmpJournal()
  const events: EngineEvent[] = []
  const world = {
    sending: false,
    readBalances: async () => [usdc(42161, 3_000_000_000n), usdc(8453, 1_000_000_000n)],
    quote: async (request: { amountIn: bigint }) =>
      buildQuote(request as never, (request.amountIn * 999n) / 1000n),
    killSwitchEngaged: () => false,
    engageKillSwitch: () => true,
  } as unknown as FakeWorld
  const engine = createTestEngine({
    config: rebalanceConfig(),
    world,
    journal,
    clock,
    logger: silentLogger,
    emit: (e) => events.push(e),
    random: () => 0,
    strategies: { ...builtInStrategies, rebalance: broken as never },
  })
  await engine.tick()
  return events.find((e) => e.type === 'tickEnd') as { error?: string; failures?: number }
}

describe('a strategy that throws is named as the strategy, not the service or an RPC', () => {
  test.each(['plan', 'decide'] as const)(
    'failure: a throw in %s() names the instance, the strategy, the function and the file:line',
    async (stage) => {
      const end = await tickWith(stage)
      expect(end.error).toMatch(
        new RegExp(
          `^strategy "usdc" \\(rebalance\\) threw in ${stage}\\(\\) at ${THIS_FILE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: Cannot read properties of undefined`,
        ),
      )
    },
  )
})
