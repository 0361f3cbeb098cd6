import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { createManualClock, type ManualClock } from '../../../../src/common/clock.ts'
import { acquireWalletLease } from '../../../../src/store/cluster/acquireWalletLease.ts'
import type { JournalStore } from '../../../../src/store/contract/JournalStore.ts'
import type { AttemptRecord } from '../../../../src/store/contract/journalTypes.ts'
import { openPgJournal, type PgJournalStore } from '../../../../src/store/pg/openPgJournal.ts'
import type { SignedAttemptParams } from '../../../../src/store/sqlite/createSendRecords.ts'
import { openJournal } from '../../../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../../../src/store/sqlite/toJournalStore.ts'
import { useTestPostgres } from '../../../helpers/useTestPostgres.ts'

/** A fresh journal of one backend for one test, on a manual clock. */
export type ContractJournal = {
  store: JournalStore
  clock: ManualClock
  /**
   * The backend's write-ahead as its callers make it: on PostgreSQL under the wallet's lease
   * (acquired on first use), on SQLite as is.
   */
  record(params: SignedAttemptParams): Promise<AttemptRecord>
  /**
   * Another connection to the same journal (another process's view), closed after the test;
   * `batchHoldMs` is its write batch's hold bound.
   */
  connect(batchHoldMs?: number): Promise<JournalStore>
}

/** One backend the contract runs on. */
export type ContractBackend = {
  name: 'sqlite' | 'postgres'
  /** A fresh, empty journal whose clock starts at `startMs`; closed after the test. */
  open(startMs?: number): Promise<ContractJournal>
}

const START_MS = 1_700_000_000_000
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The SQLite journal through `toJournalStore`, on a temp file. */
export function sqliteBackend(): ContractBackend {
  return {
    name: 'sqlite',
    async open(startMs = START_MS) {
      const clock = createManualClock(startMs)
      const dir = mkdtempSync(join(tmpdir(), 'ferry-contract-'))
      const path = join(dir, 'journal.sqlite')
      const store = toJournalStore(openJournal(path, { clock }))
      cleanups.push(async () => {
        await store.close()
        rmSync(dir, { recursive: true, force: true })
      })
      const connect = async (batchHoldMs?: number) => {
        const other = toJournalStore(openJournal(path, { clock, batchHoldMs }))
        cleanups.push(() => other.close())
        return other
      }
      return { store, clock, record: (params) => store.recordSignedAttempt(params), connect }
    },
  }
}

/**
 * The PostgreSQL journal: one embedded server for the test file, a fresh database per test (so
 * row ids and orders start from scratch as on a new SQLite file).
 */
export function postgresBackend(): ContractBackend {
  const postgres = useTestPostgres('contract')
  return {
    name: 'postgres',
    async open(startMs = START_MS) {
      const url = await postgres.freshDatabase()
      const clock = createManualClock(startMs)
      const store: PgJournalStore = await openPgJournal(url, { clock })
      cleanups.push(() => store.close())
      const holder = 'contract-test'
      const record = async (params: SignedAttemptParams): Promise<AttemptRecord> => {
        const { token } = await acquireWalletLease(store, {
          chainId: params.chainId,
          address: params.from,
          holder,
          ttlMs: 600_000,
        })
        return store.recordSignedAttempt({ ...params, lease: { holder, token } })
      }
      const connect = async (batchHoldMs?: number) => {
        const other = await openPgJournal(url, { clock, batchHoldMs })
        cleanups.push(() => other.close())
        return other
      }
      return { store, clock, record, connect }
    },
  }
}
