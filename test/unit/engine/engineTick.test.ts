import { describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import { silentLogger } from '../../../src/common/Logger.ts'
import { createEngine } from '../../../src/engine/createEngine.ts'
import { createIntentLedger } from '../../../src/execute/createIntentLedger.ts'
import { createIntentRunner } from '../../../src/execute/createIntentRunner.ts'
import { ConfigError } from '../../../src/settings/ConfigError.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import { tmpJournal } from '../store/tmpJournal.ts'
import { engineWithFakes, rebalanceConfig } from './engineFixture.ts'

describe('the engine tick over a fake world (no processes)', () => {
  test('default: a due rebalance quotes, decides, journals, executes and tracks its order', async () => {
    const { engine, journal, events } = engineWithFakes(rebalanceConfig(), {
      track: async () => ({ state: 'completed', detail: 'filled' }),
    })
    await engine.tick()
    await engine.run({ ticks: 0 })
    const types = events.map((e) => e.type)
    expect(types.slice(0, 3)).toEqual(['tick', 'balances', 'quote'])
    expect(types).toContain('intent')
    expect(events.find((e) => e.type === 'decision')).toMatchObject({ verdict: 'accept' })
    const [history] = journal.history()
    expect(history?.intent.state).toBe('completed')
    expect(history?.orders).toHaveLength(1)
    expect(events.find((e) => e.type === 'terminal')).toMatchObject({ state: 'completed' })
  })

  test('behavior: a strategy is not run again before its schedule; the clock decides', async () => {
    const { engine, clock, events } = engineWithFakes(rebalanceConfig(), {
      track: async () => ({ state: 'completed', detail: 'filled' }),
    })
    await engine.tick()
    clock.advanceMs(500)
    await engine.tick()
    clock.advanceMs(500)
    await engine.tick()
    const ticks = events.filter((e) => e.type === 'tick')
    expect(ticks.map((t) => t.strategies)).toEqual([['usdc'], [], ['usdc']])
  })

  test('behavior: a snapshot that cannot be read fails the tick, not the loop', async () => {
    // Balances that throw: the tick ends with one failure and no intent.
    const { journal } = tmpJournal()
    const clock = createManualClock(1_000_000)
    const runner = createIntentRunner({
      ops: {
        sending: true,
        execute: async () => ({ kind: 'failed', detail: 'unused' }),
        settle: async () => ({ kind: 'failed', detail: 'unused' }),
        followRefund: async () => ({ state: 'failed', detail: 'unused' }),
        track: async () => ({ state: 'completed', detail: 'unused' }),
      },
      ledger: createIntentLedger(toJournalStore(journal)),
      journal: toJournalStore(journal),
      logger: silentLogger,
    })
    const seen: string[] = []
    const broken = createEngine({
      config: rebalanceConfig(),
      strategies: builtInStrategies,
      market: {
        readBalances: async () => {
          throw new Error('RPC down')
        },
        quote: async () => {
          throw new Error('unused')
        },
        killSwitchEngaged: () => false,
        engageKillSwitch: () => false,
      },
      runner,
      journal: toJournalStore(journal),
      clock,
      logger: silentLogger,
      emit: (e) => seen.push(e.type === 'tickEnd' ? `tickEnd:${e.failures}` : e.type),
    })
    await broken.tick()
    expect(seen).toEqual(['tick', 'tickEnd:1'])
    expect(journal.history()).toEqual([])
  })

  test('behavior: an unknown strategy or bad params stop createEngine with a ConfigError naming the field', () => {
    const config = rebalanceConfig()
    const bad = {
      ...config,
      strategies: [{ ...config.strategies[0]!, params: { chains: [] } }],
    } as typeof config
    const { journal } = tmpJournal()
    const make = () =>
      createEngine({
        config: bad,
        strategies: builtInStrategies,
        market: {} as never,
        runner: {} as never,
        journal: toJournalStore(journal),
        clock: createManualClock(0),
        logger: silentLogger,
        emit: () => {},
      })
    expect(make).toThrow(ConfigError)
    expect(make).toThrow(/strategies\[0\]\.params\.chains/)
  })
})
