import { describeJournalTarget, type JournalTarget } from '../settings/resolveJournalTarget.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import { toJournalFileError } from '../store/sqlite/toJournalFileError.ts'
import { toJournalStore } from '../store/sqlite/toJournalStore.ts'
import { openExistingJournal } from './openExistingJournal.ts'

/**
 * Runs `read` on the journal `target` (a SQLite path, opened read-only by
 * {@link openExistingJournal}, or a shared PostgreSQL database, whose schema is checked but never
 * created or migrated) as a {@link JournalStore}, then closes it. A missing journal is exit 2.
 * `read` is given the journal's name for messages: the file's absolute path, or the URL without
 * its password. A SQLite error while reading (a damaged page found by a query)
 * becomes the same JournalFileError as one found at open.
 */
export async function readJournalStore<T>(
  target: JournalTarget | string,
  read: (store: JournalStore, journalName: string) => Promise<T>,
): Promise<T> {
  const resolved: JournalTarget =
    typeof target === 'string' ? { kind: 'sqlite', path: target } : target
  if (resolved.kind === 'postgres') {
    // Loaded only for a shared journal: the SQLite reads stay free of pg and Kysely.
    const { openPgJournal } = await import('../store/pg/openPgJournal.ts')
    const store = await openPgJournal(resolved.url, { maxConnections: 2, requireJournal: true })
    try {
      return await read(store, describeJournalTarget(resolved))
    } finally {
      await store.close()
    }
  }
  const journal = openExistingJournal(resolved.path)
  try {
    return await read(toJournalStore(journal), journal.path)
  } catch (error) {
    throw toJournalFileError(error, journal.path, true)
  } finally {
    journal.close()
  }
}
