import { type Command, InvalidArgumentError } from 'commander'
import { createLogger } from '../../observe/createLogger.ts'
import type { FaultKnobs } from '../../sim/faults/faultKnobsSchema.ts'
import { parseFaultsOption } from '../../sim/faults/parseFaultsOption.ts'
import { startSim } from '../../sim/startSim.ts'
import { parseIntegerOption } from '../optionParsers.ts'

/** Default port of `ferry sim`, the one the settings examples use (http://127.0.0.1:8787). */
export const DEFAULT_SIM_PORT = 8787

/** Demo orders with hook steps recorded at start, for `ferry hook-status` (see seedDemoOrders). */
const DEMO_ORDERS = 3

type SimOptions = {
  port: number
  statsPort?: number
  seed: number
  rateLimit?: number
  faults?: FaultKnobs
  logLevel?: string
}

function parseFaults(value: string): FaultKnobs {
  try {
    return parseFaultsOption(value)
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message)
  }
}

/** Resolves with the name of the first SIGINT or SIGTERM, then stops listening for both. */
function waitForStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve(signal)
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}

/**
 * Registers `ferry sim [--port P] [--stats-port P] [--seed N] [--rate-limit N] [--faults k=v,...]`:
 * starts the service simulator on 127.0.0.1, prints its URLs on stdout and runs until SIGINT or
 * SIGTERM, then closes the server and exits 0. Defaults: port 8787, stats on the same port,
 * seed 1, no rate limit, no faults.
 * @see docs/service.md §4
 */
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
    .option(
      '--faults <k=v,...>',
      'latencyMs, serverErrorRate, errorIdRate, malformedJsonRate, staleQuoteRate (rates 0..1)',
      parseFaults,
    )
    .action(async (_options: unknown, command: Command) => {
      const options = command.optsWithGlobals<SimOptions>()
      const logger = createLogger({ level: options.logLevel ?? 'warn' })
      const server = await startSim({
        port: options.port,
        statsPort: options.statsPort,
        seed: options.seed,
        rateLimitPerMinute: options.rateLimit,
        faults: options.faults,
        logger,
        demoOrders: DEMO_ORDERS,
      })
      process.stdout.write(
        [
          `ferry sim listening (seed ${options.seed})`,
          `  base_url:  ${server.baseUrl}`,
          `  stats_url: ${server.statsUrl}`,
          `  openapi:   ${server.baseUrl}/openapi.json`,
          `  use: --api-url ${server.baseUrl} --stats-url ${server.statsUrl}`,
          ...server.demoOrderIds.map((id) => `  demo order with hook steps: ${id}`),
          '',
        ].join('\n'),
      )
      const signal = await waitForStopSignal()
      await server.close()
      process.stdout.write(`ferry sim stopped (${signal})\n`)
    })
}
