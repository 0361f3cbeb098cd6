/**
 * What keeps `value` (a module's `strategy` export) from fitting the plugin contract
 * (StrategyPlugin in src/common/strategy/strategyContract.ts), one line per member: `name` a
 * non-empty string; `plan`, `decide`, `tokens` functions; exactly one of `paramsSchema` (an
 * object with a `safeParse` function, as zod's schemas have, from any copy of zod) and
 * `paramsJsonSchema` (a JSON Schema object). Empty when it fits. Pure.
 */
export function checkStrategyShape(value: unknown): string[] {
  if (value === null || typeof value !== 'object')
    return [`strategy is ${value === null ? 'null' : typeof value}, not an object`]
  const s = value as Record<string, unknown>
  const problems: string[] = []
  const kind = (v: unknown): string => (v === undefined ? 'missing' : `a ${typeof v}`)
  if (typeof s.name !== 'string' || s.name === '')
    problems.push(`name is ${s.name === '' ? 'empty' : kind(s.name)}, not a non-empty string`)
  for (const member of ['plan', 'decide', 'tokens'] as const)
    if (typeof s[member] !== 'function')
      problems.push(`${member} is ${kind(s[member])}, not a function`)
  const zod = s.paramsSchema
  const json = s.paramsJsonSchema
  if (zod === undefined && json === undefined)
    problems.push('paramsSchema (zod) and paramsJsonSchema (JSON Schema) are both missing')
  else if (zod !== undefined && json !== undefined)
    problems.push('paramsSchema and paramsJsonSchema are both set: keep one')
  else if (zod !== undefined && typeof (zod as { safeParse?: unknown }).safeParse !== 'function')
    problems.push('paramsSchema has no safeParse function: is it a zod schema?')
  else if (json !== undefined && (json === null || typeof json !== 'object' || Array.isArray(json)))
    problems.push(
      `paramsJsonSchema is ${Array.isArray(json) ? 'an array' : kind(json)}, not a JSON Schema object`,
    )
  return problems
}
