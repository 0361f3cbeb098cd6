import type { Command } from 'commander'
import { UsageError } from '../../common/UsageError.ts'
import { classifyJournalValue } from '../../settings/classifyJournalValue.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { resolveJournalPath } from '../../settings/resolveJournalPath.ts'
import { resolveJournalUrl } from '../../settings/resolveJournalUrl.ts'
import { copyJournalToPg } from '../../store/copy/copyJournalToPg.ts'
import type { GlobalOptions } from '../cliContext.ts'
import { formatJournalCopy } from '../format/formatJournalCopy.ts'
import { printResult } from '../printResult.ts'

/** Options of `ferry journal migrate`. */
type JournalMigrateOptions = { from?: string; to?: string }

/**
 * Runs `ferry journal migrate [--from path] [--to url]`: copies the SQLite journal (`--from`,
 * else FERRY_JOURNAL, else ferry.journal.sqlite next to --config) into the empty PostgreSQL
 * database (`--to`, else FERRY_JOURNAL_URL, else journal.url of --config) in one transaction,
 * verified table by table before it commits (docs/operations.md §8.2). A URL as the source, or
 * a path as the target, is refused (exit 2). Prints one line per table and a summary, or with
 * `--json` the report. A refusal (a missing or busy file, another schema, a database that holds
 * a journal, a URL that is not PostgreSQL's) exits 2; an unreachable database or a copy that
 * failed or did not match exits 1, with nothing committed.
 */
export async function journalMigrateCommand(
  opts: JournalMigrateOptions,
  cmd: Command,
): Promise<void> {
  const options = cmd.optsWithGlobals<GlobalOptions & JournalMigrateOptions>()
  const from = resolveMigrateSource(options.config, opts.from)
  const configUrl =
    options.config === undefined
      ? undefined
      : loadConfig({ path: options.config }).config.journal.url
  const to = resolveJournalUrl(opts.to, process.env, configUrl)
  const report = await copyJournalToPg(from, to)
  printResult(options, report, () => formatJournalCopy(report))
}

/** The SQLite file to copy: `--from`, else `FERRY_JOURNAL`, else the file beside the config. */
function resolveMigrateSource(configPath: string | undefined, flag: string | undefined): string {
  const given: [string, string | undefined][] = [
    ['--from', flag],
    ['FERRY_JOURNAL', process.env.FERRY_JOURNAL],
  ]
  const found = given.find(([, value]) => value !== undefined && value.trim() !== '')
  if (found === undefined) return resolveJournalPath(configPath, {}, {})
  const target = classifyJournalValue(found[0], found[1] as string)
  if (target.kind === 'sqlite') return target.path
  throw new UsageError(
    found[0],
    'names a PostgreSQL database; ferry journal migrate copies from a SQLite file',
    'pass --from <path> of the SQLite journal, and the database as --to or FERRY_JOURNAL_URL',
  )
}
