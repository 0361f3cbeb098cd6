import type { ServicePathPrefix } from '../createTransport.ts'

/**
 * The create-tx query as a service of `pathPrefix` names its fields: the real service (`dln`)
 * calls the hook `dlnHook` where the seed's interface (`net`) says `netHook` (docs/service.md
 * §10); every other field is the same. Pure; fromServiceQuery is its inverse.
 */
export function toServiceQuery(
  query: Record<string, string>,
  pathPrefix: ServicePathPrefix,
): Record<string, string> {
  if (pathPrefix === 'net' || query.netHook === undefined) return query
  const { netHook, ...rest } = query
  return { ...rest, dlnHook: netHook }
}
