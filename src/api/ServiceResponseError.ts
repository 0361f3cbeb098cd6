import { FerryError } from '../common/FerryError.ts'

/**
 * The service answered 2xx with a body ferry cannot use: not JSON, or JSON that fails the
 * schema of docs/service.md §2. `path` names the first bad field (`estimation.dstChainTokenOut.amount`).
 * Never retried: the same request would get the same body (safety P-3.5).
 */
export class ServiceResponseError extends FerryError {
  override name = 'ServiceResponseError'
  readonly endpoint: string
  /** Dotted path of the first bad field; empty when the body was not JSON at all. */
  readonly path: string

  constructor(endpoint: string, path: string, problem: string, extraProblems: string[] = []) {
    super(
      path
        ? `${endpoint}: malformed response: ${path}: ${problem}`
        : `${endpoint}: malformed response: ${problem}`,
      { metaMessages: extraProblems },
    )
    this.endpoint = endpoint
    this.path = path
  }
}
