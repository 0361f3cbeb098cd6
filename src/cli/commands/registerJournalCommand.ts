import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'

/**
 * Registers `ferry journal migrate` (flags, help); its action, journalMigrateCommand.ts, loads
 * when it runs.
 */
export function registerJournalCommand(program: Command): void {
  const journal = program.command('journal').description('move the journal between backends')
  journal
    .command('migrate')
    // --config and --json are the program's: listed here too, as this command reads them.
    .configureHelp({ showGlobalOptions: true })
    .description(
      'copy a SQLite journal into an empty PostgreSQL database, in one transaction, verified',
    )
    .option(
      '--from <path>',
      'the SQLite journal (else FERRY_JOURNAL, else ferry.journal.sqlite next to --config)',
    )
    .option(
      '--to <url>',
      'the PostgreSQL database, postgres://user:password@host:5432/db (else FERRY_JOURNAL_URL)',
    )
    .action(
      lazyAction(async () => (await import('./journalMigrateCommand.ts')).journalMigrateCommand),
    )
}
