import type { FerryErrorOptions } from '../../common/FerryError.ts'
import { UsageError } from '../../common/UsageError.ts'

/**
 * The journal file cannot be used as asked: missing (or its folder is), not readable or not
 * writable by this user, not a ferry journal, damaged, or of another ferry version. It names the
 * path and the fix, and is exit 2: a person must act on the file before ferry can go on. SQLite's
 * own text, when there is one, follows as a detail line (see `toJournalFileError`).
 */
export class JournalFileError extends UsageError {
  override name = 'JournalFileError'
  /** Absolute path of the journal file. */
  readonly path: string

  constructor(path: string, problem: string, fix: string, options: FerryErrorOptions = {}) {
    super(`journal ${path}`, problem, fix, options)
    this.path = path
  }
}
