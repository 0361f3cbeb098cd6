import type { ServicePathPrefix } from '../createTransport.ts'

/**
 * The query of a `dln`-path request with the seed's field names (`netHook` for `dlnHook`), so the
 * simulator validates both paths with the one schema (docs/service.md §10). Pure.
 */
export function fromServiceQuery(
  query: Record<string, string>,
  pathPrefix: ServicePathPrefix,
): Record<string, string> {
  if (pathPrefix === 'net' || query.dlnHook === undefined) return query
  const { dlnHook, ...rest } = query
  return { ...rest, netHook: dlnHook }
}
