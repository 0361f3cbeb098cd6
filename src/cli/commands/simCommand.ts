import type { Command } from 'commander'
import { UsageError } from '../../common/UsageError.ts'
import { createLogger } from '../../observe/createLogger.ts'
import type { FaultKnobs } from '../../sim/faults/faultKnobsSchema.ts'
import { parseFaultsOption } from '../../sim/faults/parseFaultsOption.ts'
import { startSim } from '../../sim/startSim.ts'

/** Demo orders with hook steps recorded at start, for `ferry hook-status` (see seedDemoOrders). */
const DEMO_ORDERS = 3

type SimOptions = {
  port: number
  statsPort?: number
  seed: number
  rateLimit?: number
  faults?: string
  logLevel?: string
}

/**
 * Parses `--faults` here rather than in its flag's parser, which would load zod for every ferry
 * command; a bad value is reported as commander reports a bad flag value (exit 2).
 */
function parseFaults(value: string | undefined, command: Command): FaultKnobs | undefined {
  if (value === undefined) return undefined
  try {
    return parseFaultsOption(value)
  } catch (error) {
    const flags = command.options.find((o) => o.long === '--faults')?.flags ?? '--faults'
    command.error(
      `error: option '${flags}' argument '${value}' is invalid. ${(error as Error).message}`,
      { code: 'commander.invalidArgument' },
    )
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
 * Runs `ferry sim [--port P] [--stats-port P] [--seed N] [--rate-limit N] [--faults k=v,...]`:
 * starts the service simulator on 127.0.0.1, prints its URLs on stdout and runs until SIGINT or
 * SIGTERM, then closes the server and exits 0. Defaults: port 8787, stats on the same port,
 * seed 1, no rate limit, no faults.
 * @see docs/service.md §4
 */
export async function simCommand(_options: unknown, command: Command): Promise<void> {
  const options = command.optsWithGlobals<SimOptions>()
  const faults = parseFaults(options.faults, command)
  const logger = createLogger({ level: options.logLevel ?? 'warn' })
  const server = await startSim({
    port: options.port,
    statsPort: options.statsPort,
    seed: options.seed,
    rateLimitPerMinute: options.rateLimit,
    faults,
    logger,
    demoOrders: DEMO_ORDERS,
  }).catch((error: NodeJS.ErrnoException & { port?: number }) => {
    if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES') throw error
    const flag =
      error.port !== undefined && error.port === options.statsPort ? '--stats-port' : '--port'
    throw new UsageError(
      flag,
      error.code === 'EADDRINUSE'
        ? `port ${error.port ?? ''} is in use by another process`
        : `port ${error.port ?? ''} needs privileges this user does not have`,
      `give ${flag} a free port (0 picks one), or stop what listens there`,
    )
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
}
