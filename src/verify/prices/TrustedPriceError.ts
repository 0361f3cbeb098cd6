import { FerryError, type FerryErrorOptions } from '../../common/FerryError.ts'

/**
 * No trusted price for a token ferry must value (safety P-8.8): its feed answered 0 or less, is
 * older than its staleness limit, or could not be read. Economics, not integrity: the value-flow
 * judge refuses the payload, and this never trips the kill switch (P-8.11). Names the token and
 * the feed.
 */
export class TrustedPriceError extends FerryError {
  override name = 'TrustedPriceError'
  /** `chainId:token` of the token that has no price. */
  readonly token: string

  constructor(token: string, problem: string, options: FerryErrorOptions = {}) {
    super(`no trusted price for ${token}: ${problem}`, options)
    this.token = token
  }
}
