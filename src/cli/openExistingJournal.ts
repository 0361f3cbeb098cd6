import { existsSync } from 'node:fs'
import { UsageError } from '../common/UsageError.ts'
import { type Journal, openJournal } from '../store/openJournal.ts'

/**
 * Opens the journal at `path` for the read commands (`ferry history`, `ferry status`). A missing
 * file is a {@link UsageError} rather than a fresh empty journal: a mistyped path must not read as
 * "nothing in flight".
 */
export function openExistingJournal(path: string): Journal {
  if (!existsSync(path)) {
    throw new UsageError(
      '--journal',
      `no journal at ${path}`,
      'pass --journal <path> or set FERRY_JOURNAL to the file `ferry run` writes (default ferry.journal.sqlite next to the config file)',
    )
  }
  return openJournal(path)
}
