import { FerryError } from '../common/FerryError.ts'

/**
 * A risk limit that held when the intent was accepted no longer holds at the last check before
 * signing (another intent, a slow approval, or the kill switch came in between). Economics
 * (docs/safety.md, refusal classes): nothing is signed, the intent ends, the kill switch does not
 * count it.
 */
export class RiskRecheckError extends FerryError {
  override name = 'RiskRecheckError'
  /** The risk check's reason, e.g. `dailyNotionalExceeded`. */
  readonly reason: string

  constructor(reason: string, detail: string) {
    super(`risk check before signing: ${reason}`, { metaMessages: [detail] })
    this.reason = reason
  }
}
