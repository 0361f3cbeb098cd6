import { VerificationError } from '../common/VerificationError.ts'
import type { SolanaValueFlowRule, SolanaValueFlowViolation } from './solanaValueFlow.ts'

/**
 * A Solana order transaction whose simulated effect on our accounts is not the intended give
 * plus fees and rent (docs/safety.md P-8.9, P-8.6): an integrity refusal like any
 * {@link VerificationError} (alert and kill-switch path, P-8.11), raised before anything signs.
 * `rule` is the first broken rule; `violations` lists them all; the detail lines also show every
 * watched account's deltas.
 */
export class SolanaValueFlowError extends VerificationError {
  override name = 'SolanaValueFlowError'
  readonly rule: SolanaValueFlowRule
  readonly violations: readonly SolanaValueFlowViolation[]

  constructor(violations: readonly SolanaValueFlowViolation[], deltaLines: readonly string[]) {
    const first = violations[0]
    if (!first) throw new TypeError('SolanaValueFlowError needs at least one violation')
    super(`valueFlow.${first.rule}`, 'the intended value flow', first.message, 'is broken')
    const short = `refusing to sign: Solana value flow: ${first.rule}`
    const meta = [
      ...violations.map((v) => `${v.rule}: ${v.message}`),
      ...(deltaLines.length ? ['deltas:', ...deltaLines.map((l) => `  ${l}`)] : []),
    ]
    // FerryError fixes these in its constructor; the value-flow text replaces them.
    Object.defineProperty(this, 'shortMessage', { value: short })
    Object.defineProperty(this, 'metaMessages', { value: meta })
    Object.defineProperty(this, 'message', { value: [short, '', ...meta].join('\n') })
    this.rule = first.rule
    this.violations = violations
  }
}
