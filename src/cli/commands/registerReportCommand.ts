import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { DEFAULT_OUT } from './reportDefaultOut.ts'

/** Registers `ferry report` (flags, help); its action, reportCommand.ts, loads when it runs. */
export function registerReportCommand(program: Command): void {
  program
    .command('report')
    // --config and --json are the program's: listed here too, as this command reads them.
    .configureHelp({ showGlobalOptions: true })
    .description('write a self-contained HTML report of the journal (or --json: its data)')
    .option(
      '--journal <path|url>',
      'the journal: a file or a postgres:// URL (else FERRY_JOURNAL_URL, journal.url, FERRY_JOURNAL, else ferry.journal.sqlite next to the config)',
    )
    .option(
      '--since <when>',
      'only what was journaled since: a duration back from now (24h, 7d) or an ISO date (UTC unless an offset is given)',
    )
    .option('--out <file>', `the HTML file to write (default ${DEFAULT_OUT}; with --json: none)`)
    .action(lazyAction(async () => (await import('./reportCommand.ts')).reportCommand))
}
