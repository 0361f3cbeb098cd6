import type { JournalStore } from '../store/JournalStore.ts'
import { toJournalFileError } from '../store/toJournalFileError.ts'
import { toJournalStore } from '../store/toJournalStore.ts'
import { openExistingJournal } from './openExistingJournal.ts'

/**
 * Runs `read` on the journal at `path`, opened read-only by {@link openExistingJournal}, as a
 * {@link JournalStore} (the interface a shared journal has too), then closes it. `read` is given
 * the file's absolute path for messages. A SQLite error while reading (a damaged page found by a
 * query) becomes the same JournalFileError as one found at open.
 */
export async function readJournalStore<T>(
  path: string,
  read: (store: JournalStore, journalPath: string) => Promise<T>,
): Promise<T> {
  const journal = openExistingJournal(path)
  try {
    return await read(toJournalStore(journal), journal.path)
  } catch (error) {
    throw toJournalFileError(error, journal.path, true)
  } finally {
    journal.close()
  }
}
