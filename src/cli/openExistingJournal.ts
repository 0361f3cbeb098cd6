import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { JournalFileError } from '../store/sqlite/JournalFileError.ts'
import { type Journal, openJournal } from '../store/sqlite/openJournal.ts'

/**
 * Opens the journal at `path`, which must exist: a missing file is an error rather than a fresh
 * empty journal, since a mistyped path must not read as "nothing in flight". `read` (the read
 * commands: `ferry history`, `ferry status`, `ferry report`) opens it read-only, so a monitoring
 * user without write access, or a read-only mount, can use them; `write` (`ferry cancel`, which
 * journals what it signs) opens it to write.
 * @throws JournalFileError naming the path and the fix (exit 2).
 */
export function openExistingJournal(path: string, mode: 'read' | 'write' = 'read'): Journal {
  if (mode === 'read') return openJournal(path, { readonly: true })
  if (!existsSync(path)) {
    throw new JournalFileError(
      resolve(path),
      'does not exist',
      'pass --journal <path> or set FERRY_JOURNAL to the file `ferry run` writes (default ferry.journal.sqlite next to the config file)',
    )
  }
  return openJournal(path)
}
