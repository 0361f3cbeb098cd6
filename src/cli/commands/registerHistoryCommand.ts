import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parsePositiveIntegerOption } from '../optionParsers.ts'

/** Registers `ferry history` (flags, help); its action, historyCommand.ts, loads when it runs. */
export function registerHistoryCommand(program: Command): void {
  program
    .command('history')
    // --config and --json are the program's: listed here too, as this command reads them.
    .configureHelp({ showGlobalOptions: true })
    .description('show journaled intents, or everything about one intent (--intent)')
    .option('--intent <id>', 'show everything the journal holds for this intent')
    .option('--limit <n>', 'newest intents to list', parsePositiveIntegerOption, 50)
    .option(
      '--journal <path|url>',
      'the journal: a file or a postgres:// URL (else FERRY_JOURNAL_URL, journal.url, FERRY_JOURNAL, else ferry.journal.sqlite next to the config)',
    )
    .action(lazyAction(async () => (await import('./historyCommand.ts')).historyCommand))
}
