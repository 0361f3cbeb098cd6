import { describe, expect, test } from 'vitest'
import { evmAttempt, journalIntent } from './fixtures.ts'
import { tmpJournal } from './tmpJournal.ts'

describe('activitySince', () => {
  test('default: every intent with its records, oldest first, and every strategy’s observations', () => {
    const { journal, clock } = tmpJournal()
    journalIntent(journal, 'old')
    journal.recordObservation('arb', { kind: 'aggregatorEdge', valueBps: 1 })
    clock.advanceMs(1_000)
    journalIntent(journal, 'new')
    journal.recordQuote({ intentId: 'new', endpoint: 'create-tx', request: {}, response: {} })
    const attempt = evmAttempt('new', 0)
    journal.recordSignedAttempt(attempt)
    journal.recordOrder({
      orderId: attempt.orderId!,
      intentId: 'new',
      srcChainId: 42161,
      dstChainId: 8453,
    })
    journal.recordHookStep(attempt.orderId!, '1', 'Executed')
    journal.recordObservation('rebalance-1', { kind: 'decision' })
    journal.recordObservation('arb', { kind: 'roundTrip', valueBps: -3 })

    const all = journal.activitySince()
    expect(all.intents.map((h) => h.intent.id)).toEqual(['old', 'new'])
    const [, newest] = all.intents
    expect(newest?.quotes).toHaveLength(1)
    expect(newest?.attempts.map((a) => a.hash)).toEqual([attempt.hash])
    expect(newest?.orders).toHaveLength(1)
    expect(newest?.hookSteps).toMatchObject([{ step: '1', status: 'Executed' }])
    // Journal order across strategies, not grouped by strategy.
    expect(all.observations.map((o) => [o.strategy, (o.data as { kind: string }).kind])).toEqual([
      ['arb', 'aggregatorEdge'],
      ['rebalance-1', 'decision'],
      ['arb', 'roundTrip'],
    ])
  })

  test('behavior: the window starts at sinceMs, inclusive', () => {
    const { journal, clock } = tmpJournal(5_000)
    journalIntent(journal, 'before')
    journal.recordObservation('arb', { kind: 'x' })
    clock.advanceMs(10)
    journalIntent(journal, 'at')
    journal.recordObservation('arb', { kind: 'y' })
    const since = journal.activitySince(5_010)
    expect(since.intents.map((h) => h.intent.id)).toEqual(['at'])
    expect(since.observations.map((o) => o.observedMs)).toEqual([5_010])
    expect(journal.activitySince(6_000)).toEqual({ intents: [], observations: [] })
  })
})
