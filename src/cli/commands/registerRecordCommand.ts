import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parseDurationOption } from '../optionParsers.ts'

/**
 * Registers `ferry record <config> --for <duration>` (flags, help); its action, `ferry run`'s
 * runCommand.ts in record mode, loads when it runs.
 */
export function registerRecordCommand(program: Command): void {
  program
    .command('record')
    .description(
      'run the strategies in paper mode (nothing signed) to record the market for replay',
    )
    .argument('<config>', 'a ferry YAML config file')
    .requiredOption(
      '--for <duration>',
      'how long to record, e.g. 90s, 30m, 2h',
      parseDurationOption,
    )
    .option(
      '--journal <path|url>',
      'the journal to record into: a file or a postgres:// URL (else FERRY_JOURNAL_URL, journal.url, FERRY_JOURNAL, else ferry.journal.sqlite next to the config)',
    )
    .action(
      lazyAction(async () => {
        const { runCommand } = await import('./runCommand.ts')
        return (configPath: string, options: unknown, command: Command) =>
          runCommand(configPath, options, command, { record: true })
      }),
    )
}
