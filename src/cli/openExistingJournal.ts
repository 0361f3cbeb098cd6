import { type Journal, openJournal } from '../store/openJournal.ts'
import { toJournalFileError } from '../store/toJournalFileError.ts'

/**
 * Opens the journal at `path` read-only for the read commands (`ferry history`, `ferry status`,
 * `ferry report`): a monitoring user without write access, or a read-only mount, can use them, and
 * a missing file is an error rather than a fresh empty journal, since a mistyped path must not
 * read as "nothing in flight".
 * @throws JournalFileError naming the path and the fix (exit 2).
 */
export function openExistingJournal(path: string): Journal {
  return openJournal(path, { readonly: true })
}

/**
 * Runs `read` on the journal at `path` opened by {@link openExistingJournal}, then closes it. A
 * SQLite error while reading (a damaged page found by a query) becomes the same JournalFileError
 * as one found at open.
 */
export function readJournal<T>(path: string, read: (journal: Journal) => T): T {
  const journal = openExistingJournal(path)
  try {
    return read(journal)
  } catch (error) {
    throw toJournalFileError(error, journal.path, true)
  } finally {
    journal.close()
  }
}
