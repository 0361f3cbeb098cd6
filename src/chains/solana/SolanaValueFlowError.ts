import type { SolanaValueFlowViolation } from '../verify/judgeSolanaValueFlow.ts'
import { VerificationError } from '../verify/VerificationError.ts'

/**
 * A Solana transaction whose simulated effect on ferry's accounts breaks a value-flow rule
 * (docs/safety.md P-8.9): an integrity refusal like any {@link VerificationError} (P-8.11).
 * `rule` is the first broken rule; the detail lines list them all.
 */
export class SolanaValueFlowError extends VerificationError {
  override name = 'SolanaValueFlowError'
  readonly rule: string
  readonly violations: readonly SolanaValueFlowViolation[]

  constructor(violations: readonly SolanaValueFlowViolation[]) {
    const first = violations[0]
    if (!first) throw new TypeError('SolanaValueFlowError needs at least one violation')
    super(`valueFlow.${first.rule}`, 'the planned value flow', first.message)
    const short = `value flow: ${first.message}`
    const meta = violations.map((v) => `${v.rule}: ${v.message}`)
    Object.defineProperty(this, 'shortMessage', { value: short })
    Object.defineProperty(this, 'metaMessages', { value: meta })
    Object.defineProperty(this, 'message', { value: [short, '', ...meta].join('\n') })
    this.rule = first.rule
    this.violations = violations
  }
}
