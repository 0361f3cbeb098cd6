import { FerryError } from '../common/FerryError.ts'
import type { ServiceErrorBody } from './schemas/serviceErrorBody.ts'

/**
 * The service answered with an error body `{errorCode, errorId, errorMessage, errorPayload?}`
 * (docs/dln.md §2.1), under any HTTP status: the real service also sends error bodies with 200.
 */
export class ServiceError extends FerryError {
  override name = 'ServiceError'
  /** HTTP status of the answer (200 for an error body under 200). */
  readonly status: number
  /** The parsed error body; `errorId` is `HTTP_<status>` when the body was not an error body. */
  readonly body: ServiceErrorBody
  readonly endpoint: string

  constructor(endpoint: string, status: number, body: ServiceErrorBody) {
    super(
      `${endpoint}: service error ${body.errorId}${body.errorMessage ? `: ${body.errorMessage}` : ''} (HTTP ${status})`,
      {
        metaMessages: [
          `errorId: ${body.errorId}`,
          ...(body.errorCode === undefined ? [] : [`errorCode: ${body.errorCode}`]),
          ...(body.errorPayload === undefined
            ? []
            : [`errorPayload: ${JSON.stringify(body.errorPayload)}`]),
          ...(body.reqId ? [`reqId: ${body.reqId}`] : []),
        ],
      },
    )
    this.status = status
    this.body = body
    this.endpoint = endpoint
  }
}
