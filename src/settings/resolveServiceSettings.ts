import { readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { UsageError } from '../shared/UsageError.ts'
import { serviceSettingsSchema } from './serviceSettingsSchema.ts'

/** Where the CLI found the service, and how to talk to it. */
export type ResolvedServiceSettings = {
  apiUrl: string
  statsUrl: string
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
    config?: string
    timeoutMs?: number
    retries?: number
  }
  env?: NodeJS.ProcessEnv
}

const configFileSchema = z.looseObject({ service: serviceSettingsSchema.optional() })

/**
 * Resolves the service URLs in this order: `--api-url`/`--stats-url`, then `FERRY_API_URL` /
 * `FERRY_STATS_URL`, then `service.apiUrl`/`service.statsUrl` of the `--config` file. The stats
 * URL falls back to the API URL (the simulator serves both). The access token comes only from
 * `FERRY_ACCESS_TOKEN`. A missing URL is a {@link UsageError} naming both ways to set it.
 */
export function resolveServiceSettings(
  params: ResolveServiceSettingsParams,
): ResolvedServiceSettings {
  const { flags } = params
  const env = params.env ?? process.env
  const file = flags.config ? readServiceSection(flags.config) : undefined
  const apiUrl = flags.apiUrl ?? nonEmpty(env.FERRY_API_URL) ?? file?.apiUrl
  const statsUrl = flags.statsUrl ?? nonEmpty(env.FERRY_STATS_URL) ?? file?.statsUrl ?? apiUrl
  if (!apiUrl || !statsUrl) {
    throw new UsageError(
      '--api-url',
      'no service URL is configured',
      'pass --api-url <url> (and --stats-url <url>), set FERRY_API_URL (and FERRY_STATS_URL), or set service.apiUrl in the --config file',
    )
  }
  for (const [field, url] of [
    ['--api-url', apiUrl],
    ['--stats-url', statsUrl],
  ] as const) {
    if (!z.url({ protocol: /^https?$/ }).safeParse(url).success) {
      throw new UsageError(
        field,
        `"${url}" is not an http(s) URL`,
        'give a URL like http://127.0.0.1:8787',
      )
    }
  }
  return {
    apiUrl,
    statsUrl,
    accessToken: nonEmpty(env.FERRY_ACCESS_TOKEN),
    requestsPerMinute: file?.requestsPerMinute,
    timeoutMs: flags.timeoutMs ?? file?.timeoutMs,
    retries: flags.retries ?? file?.retries,
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value
}

function readServiceSection(path: string): z.infer<typeof serviceSettingsSchema> | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new UsageError(
      '--config',
      `cannot read ${path}: ${(error as Error).message}`,
      'give the path of a readable YAML config file',
    )
  }
  let doc: unknown
  try {
    doc = parseYaml(text)
  } catch (error) {
    throw new UsageError(
      '--config',
      `${path} is not valid YAML: ${(error as Error).message}`,
      'fix the YAML syntax',
    )
  }
  const parsed = configFileSchema.safeParse(doc ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new UsageError(
      `${path}: ${issue?.path.join('.') ?? ''}`,
      issue?.message ?? 'invalid',
      'see config/*.example.yaml for the documented keys',
    )
  }
  return parsed.data.service
}
