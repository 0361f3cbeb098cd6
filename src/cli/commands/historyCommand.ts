import type { Command } from 'commander'
import { toPrintableJson } from '../../common/format/toPrintableJson.ts'
import { UsageError } from '../../common/UsageError.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { resolveJournalTarget } from '../../settings/resolveJournalTarget.ts'
import type { GlobalOptions } from '../cliContext.ts'
import { formatIntentHistory } from '../format/formatIntentHistory.ts'
import { formatIntentTable } from '../format/formatIntentTable.ts'
import { toDryRunRow, toHistoryRows } from '../format/toHistoryRows.ts'
import { printResult } from '../printResult.ts'
import { readJournalStore } from '../readJournalStore.ts'

/** Options of `ferry history`. */
type HistoryOptions = { intent?: string; limit: number; journal?: string }

/**
 * Runs `ferry history [--intent ID] [--limit N] [--journal path]`: the newest intents of the
 * journal as a table (id, strategy, route, state, notional, created, updated), or with `--intent`
 * everything journaled for one intent (quotes, approvals, attempts with hashes, orders, hook
 * steps). Dry-run intents are listed too, marked `dry-run` (`dryRun: true` in JSON). `--json`
 * prints the records (bigints as decimal strings). Reads only (the journal is opened read-only);
 * safe while `ferry run` writes (WAL).
 */
export async function historyCommand(opts: HistoryOptions, cmd: Command): Promise<void> {
  const options = cmd.optsWithGlobals<GlobalOptions & HistoryOptions>()
  const configUrl =
    options.config === undefined
      ? undefined
      : loadConfig({ path: options.config }).config.journal.url
  await readJournalStore(
    resolveJournalTarget(options.config, opts, configUrl),
    async (journal, journalPath) => {
      if (opts.intent !== undefined) {
        const [found] = await journal.history({ intentId: opts.intent })
        const [dry] = found ? [] : await journal.dryRuns({ intentId: opts.intent })
        if (dry) {
          const row = toDryRunRow(dry)
          printResult(options, toPrintableJson(row), () => formatIntentTable([row]))
          return
        }
        if (!found) {
          throw new UsageError(
            '--intent',
            `no intent "${opts.intent}" in ${journalPath}`,
            'run ferry history to list intent ids',
          )
        }
        printResult(options, toPrintableJson(found), () => formatIntentHistory(found))
        return
      }
      const intents = (await journal.history({ limit: opts.limit })).map((h) => h.intent)
      const rows = toHistoryRows(intents, await journal.dryRuns({ limit: opts.limit }), opts.limit)
      printResult(options, toPrintableJson(rows), () => formatIntentTable(rows))
    },
  )
}
