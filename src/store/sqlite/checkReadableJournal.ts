import type Database from 'better-sqlite3'
import { JournalFileError } from './JournalFileError.ts'
import { JOURNAL_MIGRATIONS } from './migrateJournal.ts'

/**
 * The schema version of a journal opened read-only, which cannot be migrated: it must be exactly
 * this build's, and the file must be a ferry journal at all.
 */
export function checkReadableJournal(db: Database.Database, dbPath: string): number {
  // Reading the version reads the header: a file that is not SQLite fails here.
  const version = Number(db.pragma('user_version', { simple: true }))
  const known = JOURNAL_MIGRATIONS.length
  if (version === 0) {
    throw new JournalFileError(
      dbPath,
      'is not a ferry journal (an SQLite database without its tables)',
      'pass --journal <path> of the file ferry run writes (default ferry.journal.sqlite next to the config)',
    )
  }
  if (version < known) {
    throw new JournalFileError(
      dbPath,
      `was written by an older ferry (schema ${version}, this build reads ${known})`,
      'run ferry run once with this journal (it upgrades the schema), then read it again',
    )
  }
  if (version > known) {
    throw new JournalFileError(
      dbPath,
      `was written by a newer ferry (schema ${version}, this build reads ${known})`,
      'read it with the ferry version that wrote it, or upgrade ferry (docs/operations.md §6)',
    )
  }
  return version
}
