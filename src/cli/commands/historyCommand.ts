import type { Command } from 'commander'
import { toPrintableJson } from '../../common/format/toPrintableJson.ts'
import { UsageError } from '../../common/UsageError.ts'
import { resolveJournalPath } from '../../settings/resolveJournalPath.ts'
import type { GlobalOptions } from '../cliContext.ts'
import { printResult } from '../cliContext.ts'
import { formatIntentHistory } from '../format/formatIntentHistory.ts'
import { formatIntentTable } from '../format/formatIntentTable.ts'
import { readJournal } from '../openExistingJournal.ts'

/** Options of `ferry history`. */
type HistoryOptions = { intent?: string; limit: number; journal?: string }

/**
 * Runs `ferry history [--intent ID] [--limit N] [--journal path]`: the newest intents of the
 * journal as a table (id, strategy, route, state, notional, created, updated), or with `--intent`
 * everything journaled for one intent (quotes, approvals, attempts with hashes, orders, hook
 * steps). `--json` prints the records (bigints as decimal strings). Reads only; safe while
 * `ferry run` writes (WAL).
 */
export function historyCommand(opts: HistoryOptions, cmd: Command): void {
  const options = cmd.optsWithGlobals<GlobalOptions & HistoryOptions>()
  readJournal(resolveJournalPath(options.config, opts), (journal) => {
    if (opts.intent !== undefined) {
      const [found] = journal.history({ intentId: opts.intent })
      if (!found) {
        throw new UsageError(
          '--intent',
          `no intent "${opts.intent}" in ${journal.path}`,
          'run ferry history to list intent ids',
        )
      }
      printResult(options, toPrintableJson(found), () => formatIntentHistory(found))
      return
    }
    const intents = journal.history({ limit: opts.limit }).map((h) => h.intent)
    printResult(options, toPrintableJson(intents), () => formatIntentTable(intents))
  })
}
