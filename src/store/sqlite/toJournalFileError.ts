import { JournalFileError } from './JournalFileError.ts'

/** What one SQLite result code means for the journal file, and what the user does about it. */
type FileProblem = { problem: string; fix: string }

const READ_FIX =
  'give this user read access to the file and its folder, or pass --journal <path> of a journal it can read'
/** The fix of a journal this user cannot write. */
export const JOURNAL_WRITE_FIX =
  'run ferry as the user that owns the journal, give this user write access to the file and its folder, or pass --journal <path> of a writable journal'

/**
 * The user's side of a SQLite result code, by its primary code (`SQLITE_READONLY_DBMOVED` is a
 * `SQLITE_READONLY`). Codes not listed here are faults of ferry or the machine, not of the file.
 */
function problemOf(code: string, readonly: boolean): FileProblem | undefined {
  if (code.startsWith('SQLITE_CANTOPEN')) {
    return {
      problem: 'cannot be opened',
      fix: readonly ? READ_FIX : `check the path; ${JOURNAL_WRITE_FIX}`,
    }
  }
  if (code.startsWith('SQLITE_READONLY')) {
    return { problem: 'is not writable by this user', fix: JOURNAL_WRITE_FIX }
  }
  if (code.startsWith('SQLITE_PERM') || code.startsWith('SQLITE_AUTH')) {
    return { problem: 'access denied', fix: readonly ? READ_FIX : JOURNAL_WRITE_FIX }
  }
  if (code.startsWith('SQLITE_NOTADB')) {
    return {
      problem: 'is not a ferry journal (not an SQLite database)',
      fix: 'pass --journal <path> of the file ferry run writes (default ferry.journal.sqlite next to the config)',
    }
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return {
      problem: 'stayed locked by another process past the busy timeout',
      fix: 'see which process holds it (fuser or lsof on the file) and let it finish or stop it, then try again',
    }
  }
  if (code.startsWith('SQLITE_FULL')) {
    return { problem: 'cannot grow: the disk is full', fix: 'free space on its file system' }
  }
  if (code.startsWith('SQLITE_CORRUPT')) {
    return {
      problem: 'is damaged',
      fix: 'stop ferry, move the file and its -wal/-shm aside, and restore the journal from its backup (docs/operations.md §8)',
    }
  }
  return undefined
}

/**
 * The one path from a SQLite error about the journal file to ferry's own error: a
 * {@link JournalFileError} naming `path`, the problem and the fix, with SQLite's text as a detail
 * line. Anything else (not a SQLite error, or a code that is not about the file) comes back as it
 * was. `readonly` says whether the journal was opened to read only, which changes the fix.
 */
export function toJournalFileError(error: unknown, path: string, readonly = false): unknown {
  if (error instanceof JournalFileError) return error
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return error
  const found = problemOf(code, readonly)
  if (!found) return error
  return new JournalFileError(path, found.problem, found.fix, {
    metaMessages: [`sqlite: ${(error as Error).message} (${code})`],
    cause: error,
  })
}
