import Database from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { fromJournalJson } from '../../../src/store/contract/fromJournalJson.ts'
import { toJournalJson } from '../../../src/store/contract/toJournalJson.ts'
import { evmAttempt, FROM, journalIntent } from './fixtures.ts'
import { tmpJournal } from './tmpJournal.ts'

const HUGE = 2n ** 255n + 12_345n

describe('amounts in the journal', () => {
  test('default: amounts are stored as decimal text and come back as bigint', () => {
    const { journal, path } = tmpJournal()
    journalIntent(journal, 'i1')
    const approval = journal.recordApproval({
      intentId: 'i1',
      chainId: 1,
      owner: FROM,
      token: '0xtoken',
      spender: '0xspender',
      amount: HUGE,
    })
    journal.recordSignedAttempt({ ...evmAttempt('i1', 0), maxFeePerGas: HUGE })
    expect(approval.amount).toBe(HUGE)
    expect(journal.approvalsOf('i1')[0]?.amount).toBe(HUGE)
    expect(journal.attemptsOf('i1')[0]?.maxFeePerGas).toBe(HUGE)

    const raw = new Database(path, { readonly: true })
    const stored = raw.prepare('SELECT amount FROM approvals').get() as { amount: unknown }
    expect(stored.amount).toBe(HUGE.toString())
    raw.close()
  })

  test('behavior: bigints inside JSON columns survive; look-alike strings stay strings', () => {
    const value = { amountIn: HUGE, nested: [1n, '2n', { $bigint: 'x', other: 1 }], n: 1.5 }
    expect(fromJournalJson(toJournalJson(value))).toEqual(value)
    const { journal } = tmpJournal()
    journal.recordIntent({
      id: 'i1',
      strategy: 's',
      route: 'r',
      params: { amountIn: HUGE, minOut: 0n },
      notionalUsd: 1,
    })
    expect(journal.getIntent('i1')?.params).toEqual({ amountIn: HUGE, minOut: 0n })
  })
})
