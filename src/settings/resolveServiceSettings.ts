import { z } from 'zod'
import { refuseUrlCredentials } from '../common/refuseUrlCredentials.ts'
import { UsageError } from '../common/UsageError.ts'
import { loadConfig } from './loadConfig.ts'
import { resolveAccessToken } from './resolveAccessToken.ts'

/** Where the CLI found the service, and how to talk to it. */
export type ResolvedServiceSettings = {
  apiUrl: string
  statsUrl: string
  /** The order endpoints' path segment: `net` (default) or `dln`. */
  pathPrefix: 'net' | 'dln'
  accessToken: string | undefined
  requestsPerMinute: number | undefined
  timeoutMs: number | undefined
  retries: number | undefined
}

/** Inputs of {@link resolveServiceSettings}: the CLI flags, the environment and a config path. */
export type ResolveServiceSettingsParams = {
  flags: {
    apiUrl?: string
    statsUrl?: string
    pathPrefix?: 'net' | 'dln'
    config?: string
    timeoutMs?: number
    retries?: number
  }
  env?: NodeJS.ProcessEnv
}

/**
 * Resolves the service URLs in this order: `--api-url`/`--stats-url`, then `FERRY_API_URL` /
 * `FERRY_STATS_URL`, then `service.apiUrl`/`service.statsUrl` of the `--config` file. The stats
 * URL falls back to the API URL (the simulator serves both). The path prefix comes from
 * `--path-prefix`, `FERRY_PATH_PREFIX`, then `service.pathPrefix`, else `net`. The access token comes from
 * `FERRY_ACCESS_TOKEN`, else the env var the config names in `service.accessTokenEnv`. A missing URL is a {@link UsageError} naming both ways to set it;
 * so is a URL with credentials in it (`http://user:pass@host`), refused before any request.
 */
export function resolveServiceSettings(
  params: ResolveServiceSettingsParams,
): ResolvedServiceSettings {
  const { flags } = params
  const env = params.env ?? process.env
  const file = flags.config ? readServiceSection(flags.config, env) : undefined
  // Each URL with where it came from, so a bad value is blamed on what set it.
  const api = pick([
    ['--api-url', flags.apiUrl],
    ['FERRY_API_URL', nonEmpty(env.FERRY_API_URL)],
    [`service.apiUrl of ${flags.config}`, file?.apiUrl],
  ])
  const stats = pick([
    ['--stats-url', flags.statsUrl],
    ['FERRY_STATS_URL', nonEmpty(env.FERRY_STATS_URL)],
    [`service.statsUrl of ${flags.config}`, file?.statsUrl],
    [api?.[0] ?? '--api-url', api?.[1]],
  ])
  const apiUrl = api?.[1]
  const statsUrl = stats?.[1]
  if (!apiUrl || !statsUrl) {
    throw new UsageError(
      '--api-url',
      'no service URL is configured',
      'pass --api-url <url> (and --stats-url <url>), set FERRY_API_URL (and FERRY_STATS_URL), or set service.apiUrl in the --config file',
    )
  }
  // Credentials first: the value is never echoed while it may hold a password.
  refuseUrlCredentials([api!, stats!])
  for (const [field, url] of [api!, stats!]) {
    if (!z.url({ protocol: /^https?$/ }).safeParse(url).success) {
      throw new UsageError(
        field,
        `"${url}" is not an http(s) URL`,
        'give a URL like http://127.0.0.1:8787',
      )
    }
  }
  const envPrefix = nonEmpty(env.FERRY_PATH_PREFIX)
  if (envPrefix !== undefined && envPrefix !== 'net' && envPrefix !== 'dln') {
    throw new UsageError(
      'FERRY_PATH_PREFIX',
      `"${envPrefix}" is not a path prefix`,
      'set it to dln (the real service) or net (the seed), or unset it',
    )
  }
  return {
    apiUrl,
    statsUrl,
    pathPrefix: flags.pathPrefix ?? envPrefix ?? file?.pathPrefix ?? 'net',
    accessToken: nonEmpty(env.FERRY_ACCESS_TOKEN) ?? file?.accessToken,
    requestsPerMinute: file?.requestsPerMinute,
    timeoutMs: flags.timeoutMs ?? file?.timeoutMs,
    retries: flags.retries ?? file?.retries,
  }
}

/** The first source that set a value, as [where, value]. */
function pick(sources: [string, string | undefined][]): [string, string] | undefined {
  const found = sources.find(([, value]) => value !== undefined)
  return found as [string, string] | undefined
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value
}

/**
 * The `service` section of the config file, read with the one config loader (YAML, `${VAR}`,
 * .env, the full schema), so `--config` means the same file as `ferry run`. `embedded` is the
 * embedded world of `ferry run`, which the read commands cannot reach.
 */
function readServiceSection(path: string, env: NodeJS.ProcessEnv): ServiceSection {
  const { config, env: resolved } = loadConfig({ path, env })
  const { apiUrl, statsUrl, pathPrefix, requestsPerMinute, timeoutMs, retries } = config.service
  if (apiUrl === 'embedded' || statsUrl === 'embedded') {
    throw new UsageError(
      `${path}: service.apiUrl`,
      'is `embedded`, the world `ferry run` starts for itself',
      'start it with `ferry devnet` and pass its base_url with --api-url',
    )
  }
  return {
    apiUrl,
    statsUrl,
    pathPrefix,
    accessToken: resolveAccessToken(config.service, resolved),
    requestsPerMinute,
    timeoutMs,
    retries,
  }
}

type ServiceSection = {
  apiUrl: string | undefined
  statsUrl: string | undefined
  pathPrefix: 'net' | 'dln' | undefined
  accessToken: string | undefined
  requestsPerMinute: number | undefined
  timeoutMs: number | undefined
  retries: number | undefined
}
