import { FerryError } from '../../common/FerryError.ts'

/**
 * A quote older than `maxQuoteAgeMs` reached the point of signing: it is never
 * signed. Nothing left the process; the caller re-quotes.
 */
export class StaleQuoteError extends FerryError {
  override name = 'StaleQuoteError'
  readonly ageMs: number
  readonly maxQuoteAgeMs: number

  constructor(ageMs: number, maxQuoteAgeMs: number) {
    super('quote too old to sign', {
      metaMessages: [`age: ${ageMs} ms`, `maxQuoteAgeMs: ${maxQuoteAgeMs}`],
    })
    this.ageMs = ageMs
    this.maxQuoteAgeMs = maxQuoteAgeMs
  }
}
