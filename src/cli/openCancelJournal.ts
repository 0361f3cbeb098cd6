import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { fenceJournalStore } from '../engine/cluster/fenceJournalStore.ts'
import { describeJournalTarget, type JournalTarget } from '../settings/resolveJournalTarget.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import { toWalletKey } from '../store/contract/toWalletKey.ts'
import { toJournalStore } from '../store/sqlite/toJournalStore.ts'
import { openExistingJournal } from './openExistingJournal.ts'

/** The journal `ferry cancel` writes through, and its single-writer claim on one wallet. */
export type CancelJournal = {
  store: JournalStore
  /** The file's path, or the URL without its password. */
  name: string
  /**
   * Takes the one-writer claim of `address` on `chainId` for `ttlMs` (P-2.4): SQLite's sender
   * lock, or the shared journal's wallet lease, which then fences every write-ahead insert.
   * @throws SenderLockHeldError or LeaseHeldError while a `ferry run` holds the wallet.
   */
  holdWallet(chainId: number, address: string, ttlMs: number): Promise<() => Promise<void>>
  close(): Promise<void>
}

/**
 * Opens the journal `ferry cancel` resolved (resolveJournalTarget): the SQLite file, which must
 * exist, or the shared PostgreSQL database, which must already hold a ferry journal (it is
 * neither created nor migrated: a cancel needs the order `ferry run` journaled).
 */
export async function openCancelJournal(target: JournalTarget): Promise<CancelJournal> {
  const holder = `ferry-cancel:${hostname()}:${process.pid}:${randomUUID()}`
  if (target.kind === 'sqlite') {
    const journal = openExistingJournal(target.path, 'write')
    return {
      store: toJournalStore(journal),
      name: journal.path,
      async holdWallet(chainId, address, ttlMs) {
        const lock = journal.acquireSenderLock(chainId, address, holder, ttlMs)
        return async () => lock.release()
      },
      close: async () => journal.close(),
    }
  }
  const { openPgJournal } = await import('../store/pg/openPgJournal.ts')
  const { acquireWalletLease } = await import('../store/cluster/acquireWalletLease.ts')
  const { releaseWalletLease } = await import('../store/cluster/releaseWalletLease.ts')
  const pg = await openPgJournal(target.url, { maxConnections: 2, requireJournal: true })
  const held = new Map<string, number>()
  const keyOf = (chainId: number, address: string) => `${chainId}:${toWalletKey(address)}`
  return {
    store: fenceJournalStore(
      pg,
      (chainId, address) => {
        const token = held.get(keyOf(chainId, address))
        return token === undefined ? undefined : { holder, token }
      },
      holder,
    ),
    name: describeJournalTarget(target),
    async holdWallet(chainId, address, ttlMs) {
      const lease = await acquireWalletLease(pg, { chainId, address, holder, ttlMs })
      held.set(keyOf(chainId, address), lease.token)
      return async () => {
        held.delete(keyOf(chainId, address))
        await releaseWalletLease(pg, { chainId, address, holder, token: lease.token })
      }
    },
    close: () => pg.close(),
  }
}
