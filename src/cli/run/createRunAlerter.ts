import type { Clock } from '../../common/clock.ts'
import type { Logger } from '../../common/Logger.ts'
import {
  ALERT_KINDS,
  type AlertKind,
  DEFAULT_ALERT_MIN_INTERVAL_MS,
} from '../../observe/alertTypes.ts'
import { type Alerter, createAlerter } from '../../observe/createAlerter.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { resolveAlertDestinations } from '../../settings/resolveAlertDestinations.ts'
import type { EnvMap } from '../../settings/substituteEnv.ts'
import { collectKnownSecrets } from './collectKnownSecrets.ts'

/** Inputs of {@link createRunAlerter}. */
export type CreateRunAlerterParams = {
  config: DeepReadonly<FerryConfig>
  /** The environment the config was loaded against (env + .env), for the URLs and the secrets. */
  env: EnvMap
  configPath: string
  logger: Logger
  clock: Clock
}

/**
 * Builds `ferry run`'s alerter from `observe.alerts` (and the short form `observe.webhookUrl`),
 * or returns undefined when no destination is configured. A destination whose env var is unset
 * is a ConfigError (exit 2) before anything starts. Every secret ferry knows of (the wallets'
 * keys and password, the service's access token, the webhook URLs' and RPC URLs' tokens) is censored from the
 * alerts and from the alerter's log lines.
 */
export function createRunAlerter(params: CreateRunAlerterParams): Alerter | undefined {
  const { config, env } = params
  const destinations = resolveAlertDestinations(config.observe, env, params.configPath)
  if (destinations.length === 0) return undefined
  const alerts = config.observe.alerts
  const minIntervalMs = Object.fromEntries(
    ALERT_KINDS.map((kind) => [kind, alerts?.minIntervalMs[kind] ?? DEFAULT_ALERT_MIN_INTERVAL_MS]),
  ) as Record<AlertKind, number>
  const knownSecrets = collectKnownSecrets(config, env)
  return createAlerter({
    destinations,
    rules: {
      minIntervalMs,
      consecutiveFailures: alerts?.consecutiveFailures ?? 3,
      gasReserve: Object.fromEntries(
        Object.entries(config.risk.gasReserve).map(([chain, amount]) => [chain, BigInt(amount)]),
      ),
      knownSecrets,
    },
    retries: alerts?.retries ?? 3,
    timeoutMs: alerts?.timeoutMs ?? 10_000,
    logger: params.logger,
    clock: params.clock,
  })
}
