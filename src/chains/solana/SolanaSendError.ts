import { FerryError } from '../../common/FerryError.ts'

/**
 * Why a Solana order was not created: `staleQuote` (the quote outlived maxQuoteAgeMs, nothing
 * signed, P-2.12), `keyMismatch` (the secret does not derive to the intent's sender, P-5.4),
 * `simulationFailed` (nothing sent), `failedOnChain` (landed with an error: no re-sign) or
 * `expired` (every signature's blockhash expired unlanded; the intent may be re-quoted).
 */
export type SolanaSendState =
  | 'staleQuote'
  | 'keyMismatch'
  | 'simulationFailed'
  | 'failedOnChain'
  | 'expired'

/** A Solana order that did not land at the required commitment. Never carries key material. */
export class SolanaSendError extends FerryError {
  override name = 'SolanaSendError'
  readonly state: SolanaSendState
  /** Every signature signed for the intent: the reconciler looks each of them up. */
  readonly signatures: string[]

  constructor(
    state: SolanaSendState,
    problem: string,
    info: { signatures?: string[]; details?: string } = {},
  ) {
    super(`Solana send ${state}: ${problem}`, {
      metaMessages: info.signatures?.length ? [`signatures: ${info.signatures.join(', ')}`] : [],
      details: info.details,
    })
    this.state = state
    this.signatures = info.signatures ?? []
  }
}
