import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import { planReconciliation } from '../../../src/execute/planReconciliation.ts'
import { type Journal, openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { walCommits } from '../../helpers/walCommits.ts'
import { engineWithFakes, rebalanceConfig } from '../../unit/engine/engineFixture.ts'
import { runJournalChild } from './runJournalChild.ts'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

function tmpPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-batch-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return join(dir, 'journal.sqlite')
}

function open(path: string): Journal {
  const journal = openJournal(path, { clock: createManualClock(1_700_000_000_000) })
  cleanups.push(() => journal.close())
  return journal
}

/** A second connection, as `ferry status` in another process reads: committed rows only. */
function reader(path: string): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  cleanups.push(() => db.close())
  return db
}

const ids = (db: Database.Database, table: 'intents'): string[] =>
  db
    .prepare<[], { id: string }>(`SELECT id FROM ${table} ORDER BY id`)
    .all()
    .map((r) => r.id)

/** Six writes of the kinds a tick makes, none of which precedes a send. */
function tickWrites(journal: Journal, id: string): void {
  journal.recordTick({ tickMs: 1, strategies: ['s'], balances: [] })
  journal.recordObservation('s', { id })
  journal.recordIntent({ id, strategy: 's', route: 'r', params: {}, notionalUsd: 1 })
  journal.recordQuote({ intentId: id, endpoint: 'create-tx', request: {}, response: {} })
  journal.setIntentState(id, 'approving')
  journal.recordPostponement({
    strategy: 's',
    requestId: id,
    route: 'r',
    reason: 'inFlightBudgetFull',
    detail: '',
    untilMs: 2,
  })
}

const signed = (intentId: string, nonce: number) => ({
  intentId,
  chainId: 42161,
  family: 'evm' as const,
  kind: 'order' as const,
  from: '0x00000000000000000000000000000000000000aa',
  nonce,
  attempt: 0,
  rawTx: '0x02f8aa' as const,
  hash: `0x${nonce.toString(16).padStart(64, '0')}`,
})

describe('batched journal writes', () => {
  test('behavior: six writes commit six times alone and once inside withinBatch', async () => {
    const path = tmpPath()
    const journal = open(path)
    const start = walCommits(path)
    tickWrites(journal, 'alone')
    const alone = walCommits(path)
    expect(alone.salt).toBe(start.salt)
    expect(alone.commits - start.commits).toBe(6)

    await journal.withinBatch(async () => {
      tickWrites(journal, 'grouped')
      // Nothing committed yet: the other connection sees the first intent only.
      expect(walCommits(path).commits).toBe(alone.commits)
      expect(ids(reader(path), 'intents')).toEqual(['alone'])
    })
    const grouped = walCommits(path)
    expect(grouped.salt).toBe(start.salt)
    expect(grouped.commits - alone.commits).toBe(1)
    expect(ids(reader(path), 'intents')).toEqual(['alone', 'grouped'])
  })

  test('behavior: an engine tick that sends nothing commits its writes once', async () => {
    const { engine, journal } = engineWithFakes(rebalanceConfig())
    const path = journal.path
    const before = walCommits(path)
    await engine.tick()
    const after = walCommits(path)
    // The tick journaled its tick row, its quotes, an intent with its decision quote, the order
    // the fake chain created and the intent's move to `created`: one commit for all of them.
    const [intent] = journal.history()
    expect(intent?.intent.state).toBe('created')
    expect(intent?.quotes).toHaveLength(1)
    expect(intent?.orders).toHaveLength(1)
    expect(journal.marketBetween()).toMatchObject({ ticks: [{}], quotes: [{}] })
    expect(after.salt).toBe(before.salt)
    expect(after.commits - before.commits).toBe(1)
  })

  test('behavior: a signed attempt commits the grouped rows and itself before it returns', async () => {
    const path = tmpPath()
    const journal = open(path)
    const other = reader(path)
    await journal.withinBatch(async () => {
      tickWrites(journal, 'before-send')
      const commits = walCommits(path).commits
      journal.recordSignedAttempt(signed('before-send', 1))
      // Two commits: the group, then the signed bytes on their own; both visible elsewhere.
      expect(walCommits(path).commits).toBe(commits + 2)
      expect(ids(other, 'intents')).toEqual(['before-send'])
      expect(other.prepare('SELECT state FROM attempts').all()).toEqual([{ state: 'signed' }])
      // What follows the send is grouped again, until the scope ends.
      journal.setAttemptState(signed('before-send', 1).hash, 'broadcast')
      journal.recordIntent({
        id: 'after-send',
        strategy: 's',
        route: 'r',
        params: {},
        notionalUsd: 1,
      })
      expect(ids(other, 'intents')).toEqual(['before-send'])
    })
    expect(ids(other, 'intents')).toEqual(['after-send', 'before-send'])
    expect(other.prepare('SELECT state FROM attempts').all()).toEqual([{ state: 'broadcast' }])
  })

  test('default: an open batch commits on its own after batchHoldMs, freeing the write lock', async () => {
    const path = tmpPath()
    const journal = openJournal(path, { batchHoldMs: 20 })
    cleanups.push(() => journal.close())
    const other = new Database(path, { timeout: 0 })
    cleanups.push(() => other.close())
    await journal.withinBatch(async () => {
      journal.recordObservation('s', { n: 1 })
      // The batch holds the write lock: another writer is refused at once (busy, no timeout).
      expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked|busy/i)
      await new Promise<void>((resolve) => {
        const poll = (): void => {
          if (walCommits(path).commits > 0 && !journalPending(other)) resolve()
          else setImmediate(poll)
        }
        poll()
      })
      other.exec('BEGIN IMMEDIATE')
      other.exec('COMMIT')
    })
    expect(journal.observations('s')).toHaveLength(1)
  })

  test('behavior: killed inside a batch, the restart keeps everything up to the last send and reconciles', async () => {
    const path = tmpPath()
    const child = runJournalChild({ action: 'batch', db: path })
    const ended = await child.exited
    expect(ended.signal, child.stderr()).toBe('SIGKILL')

    const journal = open(path)
    // The rows grouped before the send were committed by it; those after were lost, all of them.
    expect(journal.nonTerminalIntents().map((i) => i.id)).toEqual(['intent-unsent', 'intent-sent'])
    expect(journal.getIntent('intent-late')).toBeUndefined()
    expect(journal.quotesOf('intent-late')).toEqual([])
    expect(journal.observations('sweep')).toEqual([])
    expect(journal.marketBetween().ticks).toEqual([])
    expect(journal.quotesOf('intent-sent')).toHaveLength(1)
    const [unsent, sent] = journal.pendingReconciliations()
    // The signed bytes are there, still `signed`: their broadcast mark was lost with the batch.
    expect(sent?.attempts.map((a) => [a.rawTx, a.state])).toEqual([['0x02f8aa', 'signed']])
    expect(sent?.intent.state).toBe('journaled')
    expect(planReconciliation(sent!)).toMatchObject({ kind: 'resume', sendKind: 'order' })
    // An intent that never signed is abandoned by the restart: nothing of it can be on chain.
    expect(unsent?.attempts).toEqual([])
    expect(planReconciliation(unsent!)).toMatchObject({ kind: 'abandon', approvals: [] })
  })
})

/** Whether some connection still holds a write transaction: a write from `db` would wait. */
function journalPending(db: Database.Database): boolean {
  try {
    db.exec('BEGIN IMMEDIATE')
    db.exec('ROLLBACK')
    return false
  } catch {
    return true
  }
}
