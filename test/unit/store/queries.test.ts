import { describe, expect, test } from 'vitest'
import { evmAttempt, journalIntent } from './fixtures.ts'
import { tmpJournal } from './tmpJournal.ts'

const DAY_MS = 86_400_000

describe('history and status queries', () => {
  test('default: status shows in-flight intents and today’s notional per route', () => {
    const dayStart = 20_000 * DAY_MS
    const { journal, clock } = tmpJournal(dayStart - 60_000)
    journalIntent(journal, 'yesterday', 'arb->base', 1_000)
    clock.advanceMs(120_000)
    journalIntent(journal, 'a', 'arb->base', 250.5)
    journalIntent(journal, 'b', 'arb->base', 100)
    journalIntent(journal, 'c', 'sol->arb', 40)
    journal.setIntentState('b', 'failed', 'reverted')

    const status = journal.status()
    expect(status.dayStartMs).toBe(dayStart)
    expect(status.inFlight.map((i) => i.id)).toEqual(['yesterday', 'a', 'c'])
    expect(status.inFlightUsd).toBe(1_290.5)
    expect(status.todayByRoute).toEqual([
      { route: 'arb->base', notionalUsd: 350.5, intents: 2 },
      { route: 'sol->arb', notionalUsd: 40, intents: 1 },
    ])
    expect(status.todayUsd).toBe(390.5)
    expect(journal.notionalUsdSince(0)[0]).toEqual({
      route: 'arb->base',
      notionalUsd: 1_350.5,
      intents: 3,
    })
    expect(journal.lastFailureMs('arb->base')).toBe(dayStart + 60_000)
    expect(journal.lastFailureMs('sol->arb')).toBeUndefined()
  })

  test('behavior: history of one intent holds its quotes, sends, order and hook', () => {
    const { journal, clock } = tmpJournal()
    journalIntent(journal, 'old')
    clock.advanceMs(10)
    journalIntent(journal, 'i1')
    journal.recordQuote({
      intentId: 'i1',
      endpoint: 'create-tx',
      request: { srcChainTokenInAmount: 1_000_000n },
      response: { estimation: { dstChainTokenOut: { recommendedAmount: '999000' } } },
    })
    const attempt = evmAttempt('i1', 0)
    journal.recordSignedAttempt(attempt)
    journal.recordOrder({
      orderId: attempt.orderId!,
      intentId: 'i1',
      srcChainId: 42161,
      dstChainId: 8453,
    })
    journal.recordHookStep(attempt.orderId!, 'deposit', 'Executed')

    const [history] = journal.history({ intentId: 'i1' })
    expect(history?.quotes).toMatchObject([
      { endpoint: 'create-tx', request: { srcChainTokenInAmount: 1_000_000n } },
    ])
    expect(history?.attempts.map((a) => a.hash)).toEqual([attempt.hash])
    expect(history?.hookSteps).toMatchObject([{ step: 'deposit', status: 'Executed' }])
    expect(journal.history({ intentId: 'none' })).toEqual([])
    expect(journal.history().map((h) => h.intent.id)).toEqual(['i1', 'old'])
    expect(journal.history({ limit: 1 })).toHaveLength(1)
  })

  test('behavior: observations are kept per strategy, executed or not', () => {
    const { journal, clock } = tmpJournal()
    journal.recordObservation('arbitrage', { edgeBps: 12n, executed: false })
    clock.advanceMs(5)
    journal.recordObservation('arbitrage', { edgeBps: 40n, executed: true })
    journal.recordObservation('sweep', {})
    const all = journal.observations('arbitrage')
    expect(all.map((o) => o.data)).toEqual([
      { edgeBps: 12n, executed: false },
      { edgeBps: 40n, executed: true },
    ])
    expect(journal.observations('arbitrage', all[1]!.observedMs)).toHaveLength(1)
  })
})
