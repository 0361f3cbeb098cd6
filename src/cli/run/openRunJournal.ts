import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { resolveJournalPath } from '../../settings/resolveJournalPath.ts'
import { describeJournalTarget, resolveJournalTarget } from '../../settings/resolveJournalTarget.ts'
import type { JournalStore } from '../../store/contract/JournalStore.ts'
import { openPgJournal, type PgJournalStore } from '../../store/pg/openPgJournal.ts'
import { type Journal, openJournal } from '../../store/sqlite/openJournal.ts'
import { toJournalFileError } from '../../store/sqlite/toJournalFileError.ts'
import { toJournalStore } from '../../store/sqlite/toJournalStore.ts'

/** The journal of a run: the store everything writes through, and what only one backend has. */
export type RunJournal = {
  store: JournalStore
  /** The file's path, or the database's URL without its password. */
  label: string
  /** SQLite only: the file, for the sender locks and the exact pre-sign reads. */
  sqlite?: Journal
  /** PostgreSQL only: the shared database, for the cluster's leases. */
  pg?: PgJournalStore
  /** A fault of the journal under the run, named with its path and fix (SQLite). */
  toRunError(error: unknown): unknown
  close(): Promise<void>
}

/**
 * Opens the run's journal (settings/resolveJournalTarget): a shared PostgreSQL database, or the
 * SQLite file. The embedded world is new on every run, so its SQLite journal is too, unless one
 * is named. A new SQLite file only in a folder that exists, or with `create`: a mistyped
 * `--journal` must not start an empty journal that knows nothing of today's budget or unsettled
 * intents.
 * @throws JournalError (or JournalFileError) when the journal cannot be opened.
 */
export async function openRunJournal(params: {
  config: DeepReadonly<FerryConfig>
  configPath: string
  flags: { journal?: string; create?: boolean }
  fresh: boolean
}): Promise<RunJournal> {
  const { config, configPath, flags } = params
  const target = resolveJournalTarget(configPath, flags, config.journal.url)
  if (target.kind === 'postgres') {
    // The cluster's session timeouts follow its lease TTL (docs/architecture.md §5).
    const pg = await openPgJournal(target.url, { leaseTtlMs: config.cluster.leaseTtlMs })
    return {
      store: pg,
      label: describeJournalTarget(target),
      pg,
      toRunError: (error) => error,
      close: () => pg.close(),
    }
  }
  const defaultPath = target.path === resolveJournalPath(configPath, {}, {})
  const path =
    params.fresh && defaultPath
      ? join(mkdtempSync(join(tmpdir(), 'ferry-demo-')), 'journal.sqlite')
      : target.path
  const journal = openJournal(path, { createFolder: flags.create === true })
  return {
    store: toJournalStore(journal),
    label: path,
    sqlite: journal,
    toRunError: (error) => toJournalFileError(error, journal.path),
    close: async () => journal.close(),
  }
}
