/**
 * Resolves `graceMs` after `signal` aborts (never without an abort): how long a stopping run
 * waits for the sends under way to reach the journal before it says what is still in flight.
 */
export function afterStop(signal: AbortSignal, graceMs: number): Promise<undefined> {
  return new Promise((resolve) => {
    signal.addEventListener('abort', () => setTimeout(resolve, graceMs, undefined), { once: true })
  })
}
