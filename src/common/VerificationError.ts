import { FerryError } from './FerryError.ts'

/**
 * A transaction ferry refuses to sign: one decoded field is not what the intent asked for
 * (safety P-1.x). It names the field, the expected and the actual value. A security event.
 */
export class VerificationError extends FerryError {
  override name = 'VerificationError'
  readonly field: string
  readonly expected: string
  readonly actual: string

  constructor(field: string, expected: unknown, actual: unknown, reason?: string) {
    const e = show(expected)
    const a = show(actual)
    super(`refusing to sign: ${field} ${reason ?? 'does not match the intent'}`, {
      metaMessages: [`field: ${field}`, `expected: ${e}`, `actual: ${a}`],
    })
    this.field = field
    this.expected = e
    this.actual = a
  }
}

function show(value: unknown): string {
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'string') return value
  return (
    JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) ?? String(value)
  )
}
