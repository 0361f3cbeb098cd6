import type { Command } from 'commander'
import { resolveJournalPath } from '../../settings/resolveJournalPath.ts'
import { resolveJournalUrl } from '../../settings/resolveJournalUrl.ts'
import { copyJournalToPg } from '../../store/copyJournalToPg.ts'
import type { GlobalOptions } from '../cliContext.ts'
import { formatJournalCopy } from '../format/formatJournalCopy.ts'
import { printResult } from '../printResult.ts'

/** Options of `ferry journal migrate`. */
type JournalMigrateOptions = { from?: string; to?: string }

/**
 * Runs `ferry journal migrate [--from path] [--to url]`: copies the SQLite journal (`--from`,
 * else FERRY_JOURNAL, else ferry.journal.sqlite next to --config) into the empty PostgreSQL
 * database (`--to`, else FERRY_JOURNAL_URL) in one transaction, verified table by table before
 * it commits (docs/operations.md §8.2). Prints one line per table and a summary, or with
 * `--json` the report. A refusal (a missing or busy file, another schema, a database that holds
 * a journal, a URL that is not PostgreSQL's) exits 2; an unreachable database or a copy that
 * failed or did not match exits 1, with nothing committed.
 */
export async function journalMigrateCommand(
  opts: JournalMigrateOptions,
  cmd: Command,
): Promise<void> {
  const options = cmd.optsWithGlobals<GlobalOptions & JournalMigrateOptions>()
  const from = resolveJournalPath(options.config, { journal: opts.from })
  const to = resolveJournalUrl(opts.to)
  const report = await copyJournalToPg(from, to)
  printResult(options, report, () => formatJournalCopy(report))
}
