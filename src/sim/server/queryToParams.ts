import type { QueryParamKind } from './queryParamKinds.ts'

const NUMBER_RE = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

/**
 * The query parameter the real service takes for its API key (docs/dln.md §2.3). The simulator has
 * no keys: it accepts and ignores it, so a client configured with a key still works.
 */
export const ACCESS_TOKEN_PARAM = 'accesstoken'

/**
 * Turns query-string values into the typed values the request schemas expect: numbers, `true`
 * / `false` booleans and JSON objects. A value that does not read as its kind is passed on as
 * text, so the schema rejects it with its own message instead of this function guessing.
 */
export function queryToParams(
  query: Record<string, string>,
  kinds: Record<string, QueryParamKind>,
): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, text] of Object.entries(query)) {
    if (key === ACCESS_TOKEN_PARAM) continue
    params[key] = readValue(text, kinds[key])
  }
  return params
}

function readValue(text: string, kind: QueryParamKind | undefined): unknown {
  if (kind === 'number' || kind === 'numberOrText') {
    return NUMBER_RE.test(text) ? Number(text) : text
  }
  if (kind === 'boolean') return text === 'true' ? true : text === 'false' ? false : text
  if (kind === 'json') {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}
