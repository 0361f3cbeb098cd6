import { VerificationError } from '../common/VerificationError.ts'
import type { ValueFlowRule, ValueFlowViolation } from './evmValueFlowExpectation.ts'

/**
 * A transaction whose simulated value flow breaks a rule (safety P-8.2..P-8.6): an integrity
 * refusal like any {@link VerificationError} (alert and kill-switch path, P-8.11). `rule` is the
 * first broken rule; `violations` lists them all; the detail lines also show the flow.
 */
export class ValueFlowError extends VerificationError {
  override name = 'ValueFlowError'
  readonly rule: ValueFlowRule
  readonly violations: readonly ValueFlowViolation[]

  constructor(summary: string, violations: readonly ValueFlowViolation[], flowLines: string[]) {
    const first = violations[0]
    if (!first) throw new TypeError('ValueFlowError needs at least one violation')
    super(`valueFlow.${first.rule}`, 'the planned value flow', first.message)
    const short = `value flow: ${summary}`
    const meta = [
      ...violations.map((v) => `${v.rule}: ${v.message}`),
      ...(flowLines.length ? ['flow:', ...flowLines.map((l) => `  ${l}`)] : []),
    ]
    Object.defineProperty(this, 'shortMessage', { value: short })
    Object.defineProperty(this, 'metaMessages', { value: meta })
    Object.defineProperty(this, 'message', { value: [short, '', ...meta].join('\n') })
    this.rule = first.rule
    this.violations = violations
  }
}
