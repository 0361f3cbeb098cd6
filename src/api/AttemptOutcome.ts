/**
 * How one attempt ended: `ok`; `rateLimited` (429); `serverError` (5xx, 408); `serviceError` (an
 * error body under any other status); `malformed` (not JSON, or failing its schema); `timeout`;
 * `network`; `aborted` (the caller's signal).
 */
export type AttemptOutcome =
  | 'ok'
  | 'rateLimited'
  | 'serverError'
  | 'serviceError'
  | 'malformed'
  | 'timeout'
  | 'network'
  | 'aborted'
