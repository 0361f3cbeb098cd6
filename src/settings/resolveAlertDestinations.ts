import { urlSecretParts } from '../common/urlSecretParts.ts'
import { ConfigError, type ConfigProblem } from './ConfigError.ts'
import type { DeepReadonly } from './deepFreeze.ts'
import { formatConfigPath } from './formatConfigPath.ts'
import type { ObserveSettings } from './observeSettingsSchema.ts'
import type { EnvMap } from './substituteEnv.ts'

/** One alert destination with its URL read from the environment. */
export type ResolvedAlertDestination = {
  format: 'generic' | 'slack' | 'telegram'
  /** The endpoint; holds a token for Slack and Telegram, so it never reaches a log line. */
  url: string
  /** Telegram's chat, as text; undefined for the other formats. */
  chatId: string | undefined
  /** How logs name it without its secret: the env var, or `observe.webhookUrl`. */
  name: string
  /** Parts of the URL that may be secret (the URL, its path segments, query values, userinfo). */
  secrets: string[]
}

/**
 * Reads the URL of every alert destination from `env` (process env plus `.env`, as loadConfig
 * merged them): `observe.alerts.destinations[]` by their `urlEnv`, and the short form
 * `observe.webhookUrl` as one `generic` destination. An env var that is unset or does not hold
 * an http(s) URL is a {@link ConfigError} naming the key and the variable, never its value.
 * Pure; an empty list when no alerts are configured.
 */
export function resolveAlertDestinations(
  observe: DeepReadonly<ObserveSettings>,
  env: EnvMap,
  configPath: string,
): ResolvedAlertDestination[] {
  const problems: ConfigProblem[] = []
  const destinations: ResolvedAlertDestination[] = []
  observe.alerts?.destinations.forEach((d, i) => {
    const path = formatConfigPath(['observe', 'alerts', 'destinations', i, 'urlEnv'])
    const value = env[d.urlEnv]
    if (value === undefined || value.trim() === '') {
      problems.push({
        path,
        problem: `${d.urlEnv} is not set`,
        fix: `set ${d.urlEnv} in the environment or in .env to the ${d.format} URL`,
      })
      return
    }
    const url = value.trim()
    if (!isHttpUrl(url)) {
      problems.push({
        path,
        problem: `${d.urlEnv} does not hold an http(s) URL`,
        fix: `set ${d.urlEnv} to the full URL, e.g. https://hooks.example.org/ferry`,
      })
      return
    }
    destinations.push({
      format: d.format,
      url,
      chatId: d.chatId === undefined ? undefined : String(d.chatId),
      name: d.urlEnv,
      secrets: urlSecretParts(url),
    })
  })
  if (observe.webhookUrl !== undefined) {
    destinations.push({
      format: 'generic',
      url: observe.webhookUrl,
      chatId: undefined,
      name: 'observe.webhookUrl',
      secrets: urlSecretParts(observe.webhookUrl),
    })
  }
  if (problems.length > 0) throw new ConfigError(configPath, problems)
  return destinations
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
