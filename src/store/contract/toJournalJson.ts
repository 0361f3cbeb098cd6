/** Key of the wrapper object a bigint becomes in journal JSON: `{ "$bigint": "123" }`. */
export const BIGINT_TAG = '$bigint'

/**
 * Serialises a value for a JSON column. Bigints (amounts in base units) become
 * `{ "$bigint": "<decimal text>" }` so they come back as bigints, never as lossy floats; a tagged
 * object rather than a suffixed string, so no ordinary string is ever mistaken for an amount.
 */
export function toJournalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint' ? { [BIGINT_TAG]: v.toString() } : v,
  )
}
