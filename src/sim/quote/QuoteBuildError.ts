import { FerryError } from '../../common/FerryError.ts'

/** The service's errorIds (docs/dln.md §2.2) a quote builder can end with. */
export type QuoteBuildErrorId =
  | 'UNSUPPORTED_TOKEN_IN'
  | 'UNSUPPORTED_TOKEN_OUT'
  | 'ERROR_LOW_GIVE_AMOUNT'
  | 'IMPOSSIBLE_ROUTE'
  | 'ESTIMATION_FAILED'

/**
 * A request the simulated market cannot quote. `errorId` is the service's id for it, so the server
 * can answer with the real error body; `field` names the parameter at fault.
 */
export class QuoteBuildError extends FerryError {
  override name = 'QuoteBuildError'
  readonly errorId: QuoteBuildErrorId
  readonly field: string

  constructor(errorId: QuoteBuildErrorId, field: string, problem: string) {
    super(`${field}: ${problem}`, { metaMessages: [`errorId: ${errorId}`] })
    this.errorId = errorId
    this.field = field
  }
}
