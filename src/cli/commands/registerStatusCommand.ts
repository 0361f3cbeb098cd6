import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'

/** Registers `ferry status` (flags, help); its action, statusCommand.ts, loads when it runs. */
export function registerStatusCommand(program: Command): void {
  program
    .command('status')
    // --config and --json are the program's: listed here too, as this command reads them.
    .configureHelp({ showGlobalOptions: true })
    .description('in-flight intents, daily notional against the limits, the kill switch')
    .option(
      '--journal <path|url>',
      'the journal: a file or a postgres:// URL (else FERRY_JOURNAL_URL, journal.url, FERRY_JOURNAL, else ferry.journal.sqlite next to the config)',
    )
    .action(lazyAction(async () => (await import('./statusCommand.ts')).statusCommand))
}
