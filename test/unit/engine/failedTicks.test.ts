import { describe, expect, test } from 'vitest'
import type { Clock } from '../../../src/common/clock.ts'
import { silentLogger } from '../../../src/common/Logger.ts'
import { countFailedTick, NO_FAILED_TICKS } from '../../../src/engine/countFailedTick.ts'
import { createEngine } from '../../../src/engine/createEngine.ts'
import type { EngineMarket } from '../../../src/engine/engineMarket.ts'
import { failedTicksVerdict } from '../../../src/engine/failedTicksVerdict.ts'
import { createIntentLedger } from '../../../src/execute/createIntentLedger.ts'
import { createIntentRunner } from '../../../src/execute/createIntentRunner.ts'
import { createFerryMetrics } from '../../../src/observe/createFerryMetrics.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import { tmpJournal } from '../store/tmpJournal.ts'
import { buildQuote, usdc } from '../strategies/buildStrategyFixture.ts'
import { rebalanceConfig } from './engineFixture.ts'

/** Ticks as [ran, failures], folded through the rule. */
function fold(ticks: [number, number][]) {
  return ticks.reduce((r, [ran, failures]) => countFailedTick(r, ran, failures), NO_FAILED_TICKS)
}

describe('the failed-tick rule (pure)', () => {
  test.each([
    {
      ticks: [
        [1, 1],
        [1, 1],
        [1, 1],
      ],
      max: 3,
      ended: false,
      failed: true,
      why: 'three failed in a row',
    },
    {
      ticks: [
        [1, 1],
        [1, 1],
      ],
      max: 3,
      ended: false,
      failed: false,
      why: 'two of three, still running',
    },
    {
      ticks: [
        [1, 1],
        [1, 1],
      ],
      max: 3,
      ended: true,
      failed: true,
      why: '--ticks 2: every tick failed',
    },
    {
      ticks: [
        [1, 0],
        [1, 1],
      ],
      max: 3,
      ended: true,
      failed: false,
      why: 'one tick worked',
    },
    {
      ticks: [
        [1, 1],
        [1, 0],
        [1, 1],
      ],
      max: 2,
      ended: false,
      failed: false,
      why: 'a success resets',
    },
    {
      ticks: [
        [1, 1],
        [0, 0],
        [1, 1],
      ],
      max: 2,
      ended: false,
      failed: true,
      why: 'an idle tick neither fails nor resets',
    },
    {
      ticks: [
        [2, 1],
        [2, 1],
      ],
      max: 2,
      ended: true,
      failed: false,
      why: 'one strategy of two failing is no failed tick',
    },
    { ticks: [[0, 0]], max: 1, ended: true, failed: false, why: 'nothing ran' },
  ] as const)('$why', ({ ticks, max, ended, failed }) => {
    expect(failedTicksVerdict(fold(ticks as unknown as [number, number][]), max, ended)).toBe(
      failed,
    )
  })
})

/** A clock whose sleeps pass at once, moving time on: the run loop goes tick after tick. */
function skippingClock(): Clock {
  let now = 1_000_000
  return {
    nowMs: () => now,
    sleepMs: async (ms) => {
      now += ms
    },
  }
}

function engineOver(market: Partial<EngineMarket>, deadlineSignal?: () => AbortSignal) {
  const { journal } = tmpJournal()
  const events: EngineEvent[] = []
  const runner = createIntentRunner({
    ops: {
      sending: false,
      execute: async () => ({ kind: 'failed', detail: 'unused' }),
      settle: async () => ({ kind: 'failed', detail: 'unused' }),
      track: async () => ({ state: 'completed', detail: 'unused' }),
      followRefund: async () => ({ state: 'failed', detail: 'unused' }),
    },
    ledger: createIntentLedger(toJournalStore(journal)),
    journal: toJournalStore(journal),
    logger: silentLogger,
  })
  const engine = createEngine({
    config: rebalanceConfig(),
    strategies: builtInStrategies,
    market: {
      readBalances: async () => [usdc(42161, 3_000_000_000n), usdc(8453, 1_000_000_000n)],
      quote: async () => {
        throw new Error('unused')
      },
      killSwitchEngaged: () => false,
      engageKillSwitch: () => false,
      ...market,
    },
    runner,
    journal: toJournalStore(journal),
    clock: skippingClock(),
    logger: silentLogger,
    emit: (e) => events.push(e),
    ...(deadlineSignal ? { deadlineSignal } : {}),
  })
  return { engine, events }
}

describe('the engine stops a run whose ticks all fail', () => {
  test('default: balances that cannot be read stop the run after maxFailedTicks, naming the cause', async () => {
    const { engine, events } = engineOver({
      readBalances: async () => {
        throw new Error('chain 42161 (Arbitrum): RPC rpc.example did not answer')
      },
    })
    const result = await engine.run({ maxFailedTicks: 3 })
    expect(result).toMatchObject({ ticks: 3, failed: true })
    expect(result.lastError).toBe(
      'balances not read: chain 42161 (Arbitrum): RPC rpc.example did not answer',
    )
    expect(events.filter((e) => e.type === 'tickEnd')).toHaveLength(3)
  })

  test('behavior: a failed quote fails the tick (metrics and /health read tickEnd.failures)', async () => {
    const { engine, events } = engineOver({
      quote: async () => {
        throw new Error('create-tx: network error: ECONNREFUSED\nsecond line')
      },
    })
    const result = await engine.run({ ticks: 2, maxFailedTicks: 5 })
    expect(result).toMatchObject({ ticks: 2, failed: true })
    const ends = events.filter((e) => e.type === 'tickEnd')
    expect(ends.map((e) => e.failures)).toEqual([1, 1])
    expect(ends[0]).toMatchObject({ error: 'quote failed: create-tx: network error: ECONNREFUSED' })
  })

  test('behavior: metrics count a tick whose quote failed as failed, and /health keeps no success from it', async () => {
    const metrics = createFerryMetrics({ clock: skippingClock(), readInFlightUsd: () => 0 })
    const { engine, events } = engineOver({
      quote: async () => {
        throw new Error('create-tx: no answer within the timeout (10000 ms) after 5 attempt(s)')
      },
    })
    await engine.run({ ticks: 1 })
    for (const event of events) metrics.observe(event)
    expect(metrics.lastSuccessfulTickAtMs()).toBeUndefined()
    expect(await metrics.registry.metrics()).toMatch(/ferry_ticks_total\{outcome="failed"\} 1/)
  })

  test('behavior: quotes that answer keep the run green', async () => {
    const { engine } = engineOver({
      quote: async (request) => buildQuote(request, request.amountIn),
    })
    const result = await engine.run({ ticks: 2, maxFailedTicks: 1 })
    expect(result).toMatchObject({ ticks: 2, failed: false, lastError: undefined })
  })

  test('failure: a quote the service never answers, cut short by the tick deadline, is blamed on the service, not the balances', async () => {
    const deadline = new AbortController()
    const { engine, events } = engineOver(
      {
        // The service accepted the request and never answers; the deadline then passes.
        quote: () => {
          deadline.abort(new DOMException('deadline', 'TimeoutError'))
          return new Promise(() => {})
        },
      },
      () => deadline.signal,
    )
    const result = await engine.run({ ticks: 1 })
    expect(result.failed).toBe(true)
    expect(events.some((e) => e.type === 'balances')).toBe(true)
    const end = events.find((e) => e.type === 'tickEnd')
    expect(end).toMatchObject({
      failures: 1,
      error:
        "quote failed: the service did not answer the quote within the tick's deadline (--tick-deadline-ms)",
    })
  })

  test('behavior: reads that pass the tick deadline are given up and the tick fails, naming the deadline', async () => {
    let readSignal: AbortSignal | undefined
    const { engine, events } = engineOver(
      {
        // A hanging RPC: never answers, but hears the signal.
        readBalances: (signal) => {
          readSignal = signal
          return new Promise(() => {})
        },
      },
      () => AbortSignal.abort(new DOMException('deadline', 'TimeoutError')),
    )
    const result = await engine.run({ ticks: 1 })
    expect(result.failed).toBe(true)
    expect(readSignal?.aborted).toBe(true)
    expect(events.find((e) => e.type === 'tickEnd')).toMatchObject({
      failures: 1,
      error: expect.stringContaining('did not finish within its deadline of 30000 ms'),
    })
  })
})
