import type { Logger } from '../../common/Logger.ts'
import type { SimAnswer } from './simAnswer.ts'
import { errorCodeOf, simErrorBody } from './simErrorBody.ts'

/**
 * Turns a quote builder's throw into an answer: an error carrying a string `errorId` is a refusal
 * of the request (400 with that id, and its numeric `errorCode` if it has one); anything else is
 * a bug, answered 500 `INTERNAL_SERVER_ERROR` and logged.
 */
export function quoteFailureAnswer(error: unknown, logger: Logger): SimAnswer {
  if (typeof error === 'object' && error !== null && 'errorId' in error) {
    const { errorId, errorCode, shortMessage, message } = error as Record<string, unknown>
    // FerryError keeps the one-line text in shortMessage; message adds detail lines.
    const text = typeof shortMessage === 'string' ? shortMessage : message
    if (typeof errorId === 'string') {
      return {
        status: 400,
        body: {
          errorCode: typeof errorCode === 'number' ? errorCode : errorCodeOf(errorId),
          errorId,
          errorMessage: typeof text === 'string' ? text : errorId,
        },
      }
    }
  }
  logger.error({ error: String(error) }, 'quote builder failed')
  return { status: 500, body: simErrorBody('INTERNAL_SERVER_ERROR', 'the quote builder failed') }
}
