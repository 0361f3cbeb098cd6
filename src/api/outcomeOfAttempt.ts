import type { AttemptOutcome } from './AttemptOutcome.ts'
import { RetryableFailure } from './RetryableFailure.ts'
import { ServiceError } from './ServiceError.ts'
import { ServiceResponseError } from './ServiceResponseError.ts'
import { ServiceUnreachableError } from './ServiceUnreachableError.ts'

/** How a failed attempt ended, from what it threw; anything unrecognised is `aborted`. Pure. */
export function outcomeOfAttempt(error: unknown): AttemptOutcome {
  const final = error instanceof RetryableFailure ? error.final : error
  if (final instanceof ServiceUnreachableError) return final.reason
  if (final instanceof ServiceResponseError) return 'malformed'
  if (final instanceof ServiceError) {
    if (final.status === 429) return 'rateLimited'
    return final.status >= 500 || final.status === 408 ? 'serverError' : 'serviceError'
  }
  return 'aborted'
}
