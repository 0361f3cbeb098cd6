import { FerryError } from '../common/FerryError.ts'

/**
 * The service's payload is what ferry asked for, but the market moved: its output fell below the
 * minimum ferry accepts between the decision and the signature. An economics refusal
 * (docs/safety.md, refusal classes): nothing is signed, the intent ends, and unlike a
 * VerificationError it never counts toward the kill switch. Names the field like one.
 */
export class QuoteMovedError extends FerryError {
  override name = 'QuoteMovedError'
  readonly field: string
  readonly expected: string
  readonly actual: string

  constructor(field: string, expected: string, actual: bigint) {
    super(`quote moved: ${field} is below the minimum ferry accepts`, {
      metaMessages: [`field: ${field}`, `expected: ${expected}`, `actual: ${actual}`],
    })
    this.field = field
    this.expected = expected
    this.actual = actual.toString()
  }
}
