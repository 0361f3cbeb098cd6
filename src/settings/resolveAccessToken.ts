import type { DeepReadonly } from './deepFreeze.ts'
import type { ServiceSettings } from './serviceSettingsSchema.ts'
import type { EnvMap } from './substituteEnv.ts'

/**
 * The service's access token (docs/service.md §4, `accesstoken` query parameter), by the same rule as the
 * read commands' resolveServiceSettings: `FERRY_ACCESS_TOKEN`, else the env var the config names
 * in `service.accessTokenEnv`; undefined (the public tier) when neither is set or both are empty.
 */
export function resolveAccessToken(
  service: DeepReadonly<ServiceSettings>,
  env: EnvMap,
): string | undefined {
  const nonEmpty = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v)
  return (
    nonEmpty(env.FERRY_ACCESS_TOKEN) ??
    (service.accessTokenEnv ? nonEmpty(env[service.accessTokenEnv]) : undefined)
  )
}
