import type { ServicePathPrefix } from '../createTransport.ts'

/** The hook field each service names: the seed's interface `netHook`, the real service `dlnHook`. */
const HOOK_FIELD: Record<ServicePathPrefix, string> = { net: 'netHook', dln: 'dlnHook' }

/**
 * The create-tx query with its hook field named as the service of `pathPrefix` names it
 * (docs/service.md §10); every other field is the same. The client writes it for the service it
 * talks to, and the simulator reads a `dln`-path request back as `net` for the one schema. Pure.
 */
export function toServiceQuery(
  query: Record<string, string>,
  pathPrefix: ServicePathPrefix,
): Record<string, string> {
  const target = HOOK_FIELD[pathPrefix]
  const { netHook, dlnHook, ...rest } = query
  const hook = netHook ?? dlnHook
  return hook === undefined ? query : { ...rest, [target]: hook }
}
