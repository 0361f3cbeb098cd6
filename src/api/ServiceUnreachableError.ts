import { FerryError } from '../common/FerryError.ts'

/** The request never got an HTTP answer: a timeout or a network failure, after every retry. */
export class ServiceUnreachableError extends FerryError {
  override name = 'ServiceUnreachableError'
  readonly endpoint: string
  readonly reason: 'timeout' | 'network'
  /** The timeout or the network failure, secrets already scrubbed. */
  readonly detail: string

  constructor(
    endpoint: string,
    reason: 'timeout' | 'network',
    detail: string,
    attempts: number,
    /** Detail lines: the fix (`fix: …`) and where ferry tried. */
    metaMessages: string[] = [],
  ) {
    super(
      reason === 'timeout'
        ? `${endpoint}: no answer within the timeout (${detail}) after ${attempts} attempt(s)`
        : `${endpoint}: network error: ${detail} after ${attempts} attempt(s)`,
      { metaMessages },
    )
    this.endpoint = endpoint
    this.reason = reason
    this.detail = detail
  }
}
