import type { TransportConfig } from '../api/createTransport.ts'

/**
 * The service client's `onRetry` for a person at a terminal: one line on `stream` per retry
 * (`create-tx did not answer (…): retry 2 in 1.3 s`), so a slow service is never silent. Off a
 * terminal it writes nothing: logs have the retry at --log-level info.
 */
export function retryNotice(stream: {
  isTTY?: boolean
  write(text: string): unknown
}): NonNullable<TransportConfig['onRetry']> {
  return ({ endpoint, attemptNumber, delayMs, error }) => {
    if (!stream.isTTY) return
    const why = error ? ` (${error})` : ''
    stream.write(
      `ferry: ${endpoint} failed${why}: retry ${attemptNumber} in ${(delayMs / 1000).toFixed(1)} s\n`,
    )
  }
}
