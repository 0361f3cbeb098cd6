/**
 * A copy of `value` that JSON.stringify accepts: bigints (amounts in base units, fee caps) become
 * decimal strings, so `--json` output never loses precision and never throws. Pure.
 */
export function toPrintableJson(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) return value.map(toPrintableJson)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, toPrintableJson(item)]),
    )
  }
  return value
}
