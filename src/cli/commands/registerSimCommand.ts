import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parseIntegerOption } from '../optionParsers.ts'

/** Default port of `ferry sim`, the one the settings examples use (http://127.0.0.1:8787). */
export const DEFAULT_SIM_PORT = 8787

/** Registers `ferry sim` (flags, help); its action, simCommand.ts, loads when it runs. */
export function registerSimCommand(program: Command): void {
  program
    .command('sim')
    .description(
      'run the service simulator on loopback (all five endpoints, /openapi.json, /health)',
    )
    .option(
      '--port <port>',
      `port of {base_url}; 0 picks a free one`,
      parseIntegerOption,
      DEFAULT_SIM_PORT,
    )
    .option(
      '--stats-port <port>',
      'port of {stats_url}; default: the same port',
      parseIntegerOption,
    )
    .option(
      '--seed <n>',
      'seed of the market, faults and leaderboard population',
      parseIntegerOption,
      1,
    )
    .option(
      '--rate-limit <n>',
      'requests per minute per endpoint, then 429 (default: off)',
      parseIntegerOption,
    )
    // Parsed by the action: its schema would load zod for every command.
    .option(
      '--faults <k=v,...>',
      'latencyMs, serverErrorRate, errorIdRate, malformedJsonRate, staleQuoteRate (rates 0..1)',
    )
    .action(lazyAction(async () => (await import('./simCommand.ts')).simCommand))
}
