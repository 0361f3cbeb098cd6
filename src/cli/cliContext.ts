import type { Command } from 'commander'
import type { Logger as PinoLogger } from 'pino'
import { type ApiClient, createApiClient } from '../api/createApiClient.ts'
import { createLogger } from '../observe/createLogger.ts'
import { resolveServiceSettings } from '../settings/resolveServiceSettings.ts'
import { retryNotice } from './retryNotice.ts'

/** Options every command accepts (declared on the program, see main.ts). */
export type GlobalOptions = {
  apiUrl?: string
  statsUrl?: string
  pathPrefix?: 'net' | 'dln'
  config?: string
  json?: boolean
  timeoutMs?: number
  retries?: number
  logLevel?: string
}

/**
 * Bound on one interactive request with its retries, ms, unless --timeout-ms is given (then the
 * attempts' own timeouts rule): a person at a terminal gets an answer, or the reason, in seconds.
 */
export const INTERACTIVE_REQUEST_DEADLINE_MS = 8_000

/** What a read-only command needs: its options, a logger on stderr and the service client. */
export type CliContext = { options: GlobalOptions; logger: PinoLogger; client: ApiClient }

/** Builds the client from the flags, the environment and the config file of a command. */
export function createCliContext(command: Command): CliContext {
  const options = command.optsWithGlobals<GlobalOptions>()
  const service = resolveServiceSettings({ flags: options })
  const logger = createLogger({
    level: options.logLevel ?? 'warn',
    secrets: service.accessToken ? [service.accessToken] : [],
  })
  const client = createApiClient({
    apiUrl: service.apiUrl,
    statsUrl: service.statsUrl,
    pathPrefix: service.pathPrefix,
    accessToken: service.accessToken,
    requestsPerMinute: service.requestsPerMinute,
    timeoutMs: service.timeoutMs,
    retries: service.retries,
    logger,
    ...(options.timeoutMs === undefined
      ? { requestDeadlineMs: INTERACTIVE_REQUEST_DEADLINE_MS }
      : {}),
    onRetry: retryNotice(process.stderr),
  })
  return { options, logger, client }
}
