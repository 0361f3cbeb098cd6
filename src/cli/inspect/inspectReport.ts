import type { CheckVerdict } from '../../verify/verifyEvmOrderTx.ts'

/** One check as `ferry inspect` shows it: ✓, or ✗ with expected, actual and why. */
export type InspectCheck = {
  field: string
  ok: boolean
  expected?: string
  actual?: string
  reason?: string
}

/** What `ferry inspect` found in one transaction; printed as text or as JSON. */
export type InspectReport = {
  chainId: number
  chainName: string
  /** How the transaction creates its order, e.g. `strictlySwapAndCall → createSaltedOrder`. */
  entry: string
  /** The order's maker, and where ferry took it from. */
  maker: string
  makerSource: 'from' | 'intent' | 'givePatchAuthoritySrc' | 'feePayer'
  /** Assumptions and skipped checks, said out loud. */
  notes: string[]
  /** Decoded fields by section (tx, swap, order, call…), every value as text. */
  sections: Record<string, Record<string, string>>
  /** The orderId the transaction creates, when it can be derived. */
  orderId: string | undefined
  checks: InspectCheck[]
  /** True when every check passed. */
  ok: boolean
}

/** A verifier verdict as an {@link InspectCheck}: the reason is the error's own wording. */
export function toInspectCheck(verdict: CheckVerdict): InspectCheck {
  if (verdict.ok) return { field: verdict.field, ok: true }
  const { error } = verdict
  const prefix = `refusing to sign: ${error.field} `
  return {
    field: verdict.field,
    ok: false,
    expected: error.expected,
    actual: error.actual,
    reason: error.shortMessage.startsWith(prefix)
      ? error.shortMessage.slice(prefix.length)
      : error.shortMessage,
  }
}

/** Every field of an object as text: bigints in decimal, the rest as given. */
export function textFields(fields: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : typeof v === 'bigint' ? v.toString() : JSON.stringify(v),
    ]),
  )
}
