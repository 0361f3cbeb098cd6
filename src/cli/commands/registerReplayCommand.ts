import { type Command, Option } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parseGridOption, parseIntegerOption } from '../optionParsers.ts'

/** Registers `ferry replay` (flags, help); its action, replayCommand.ts, loads when it runs. */
export function registerReplayCommand(program: Command): void {
  program
    .command('replay')
    .description('replay the recorded quotes through the strategies and risk checks of a config')
    .argument('<config>', 'the ferry YAML config to replay under')
    .option(
      '--from <path|url>',
      'the journal holding the recording: a file or a postgres:// URL (else FERRY_JOURNAL_URL, journal.url, FERRY_JOURNAL, else ferry.journal.sqlite next to the config)',
    )
    .option('--since <iso>', 'first tick to replay, an ISO date (UTC unless an offset is given)')
    .option('--until <iso>', 'replay ticks before this ISO date')
    .option(
      '--grid <key=values>',
      'replay once per value of a config key, e.g. risk.maxCostBps=20,40,80 (repeat for a product)',
      parseGridOption,
    )
    .addOption(
      new Option(
        '--as <mode>',
        'paper (intents move nothing, as a dry run) or sent (simulated balances and fills); default: sent when the window holds sent intents, else paper',
      ).choices(['paper', 'sent']),
    )
    .option(
      '--fill-delay-ms <ms>',
      'fill delay of an order the journal has none for (default 30000)',
      parseIntegerOption,
    )
    .option('--out <file>', 'also write the HTML report with a Replay section')
    .action(lazyAction(async () => (await import('./replayCommand.ts')).replayCommand))
}
