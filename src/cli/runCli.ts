import { Command, CommanderError, Option } from 'commander'
import { registerCancelCommand } from './commands/registerCancelCommand.ts'
import { registerClusterCommand } from './commands/registerClusterCommand.ts'
import { registerConfigCommand } from './commands/registerConfigCommand.ts'
import { registerDevnetCommand } from './commands/registerDevnetCommand.ts'
import { registerHistoryCommand } from './commands/registerHistoryCommand.ts'
import { registerHookStatusCommand } from './commands/registerHookStatusCommand.ts'
import { registerInspectCommand } from './commands/registerInspectCommand.ts'
import { registerJournalCommand } from './commands/registerJournalCommand.ts'
import { registerKillCommand } from './commands/registerKillCommand.ts'
import { registerLeaderboardCommand } from './commands/registerLeaderboardCommand.ts'
import { registerQuoteCommand } from './commands/registerQuoteCommand.ts'
import { registerRecordCommand } from './commands/registerRecordCommand.ts'
import { registerReplayCommand } from './commands/registerReplayCommand.ts'
import { registerReportCommand } from './commands/registerReportCommand.ts'
import { registerRunCommand } from './commands/registerRunCommand.ts'
import { registerSafeCommand } from './commands/registerSafeCommand.ts'
import { registerSimCommand } from './commands/registerSimCommand.ts'
import { registerStatusCommand } from './commands/registerStatusCommand.ts'
import { registerStrategyCommand } from './commands/registerStrategyCommand.ts'
import { registerSwapQuoteCommand } from './commands/registerSwapQuoteCommand.ts'
import { formatCliError } from './formatCliError.ts'
import { parseIntegerOption } from './optionParsers.ts'

/** Exit codes of every ferry command. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const

function buildProgram(): Command {
  const program = new Command('ferry')
    .description('ferry: a cross-chain order executor for the DLN-style quote service')
    .version('0.1.0')
    .option(
      '--api-url <url>',
      'quote service URL (else FERRY_API_URL, else service.apiUrl of --config)',
    )
    .option(
      '--stats-url <url>',
      'stats service URL (else FERRY_STATS_URL, else service.statsUrl, else --api-url)',
    )
    .addOption(
      new Option(
        '--path-prefix <prefix>',
        "the service's order paths: net (the seed's /v1.0/net/..., default) or dln (the real service's /v1.0/dln/...); else FERRY_PATH_PREFIX, else service.pathPrefix",
      ).choices(['net', 'dln']),
    )
    .option('--config <file>', 'a ferry YAML config file')
    .option('--json', 'print validated JSON to stdout instead of the summary')
    .option('--timeout-ms <ms>', 'timeout of one request attempt', parseIntegerOption)
    .option('--retries <n>', 'retries of failed reads (429, 5xx, timeouts)', parseIntegerOption)
    .addOption(
      new Option('--log-level <level>', 'log level on stderr (default warn)').choices([
        'debug',
        'info',
        'warn',
        'error',
      ]),
    )
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
  registerRunCommand(program)
  registerHistoryCommand(program)
  registerStatusCommand(program)
  registerClusterCommand(program)
  registerKillCommand(program)
  registerCancelCommand(program)
  registerReportCommand(program)
  registerRecordCommand(program)
  registerReplayCommand(program)
  registerQuoteCommand(program)
  registerSwapQuoteCommand(program)
  registerHookStatusCommand(program)
  registerLeaderboardCommand(program)
  registerSimCommand(program)
  registerInspectCommand(program)
  registerDevnetCommand(program)
  registerConfigCommand(program)
  registerJournalCommand(program)
  registerStrategyCommand(program)
  registerSafeCommand(program)
  for (const command of program.commands) command.exitOverride()
  return program
}

/** Runs the CLI and returns its exit code: 0 ok, 1 failure, 2 usage or config error. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const program = buildProgram()
  try {
    await program.parseAsync(argv as string[], { from: 'user' })
    return EXIT.ok
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander already printed its message (naming the flag) to stderr.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage
    }
    const secrets = process.env.FERRY_ACCESS_TOKEN ? [process.env.FERRY_ACCESS_TOKEN] : []
    const debug = argv.some(
      (a, i) => a === '--log-level=debug' || (a === '--log-level' && argv[i + 1] === 'debug'),
    )
    const report = formatCliError(error, { secrets, debug })
    process.stderr.write(report.text)
    return report.exitCode
  }
}
