/** Time source, injected so decisions and tests never read the wall clock directly. */
export type Clock = {
  /** Milliseconds since the epoch. */
  nowMs(): number
  /** Resolves after `ms` milliseconds (or when the clock is advanced past it). */
  sleepMs(ms: number, signal?: AbortSignal): Promise<void>
}

/** The real clock. */
export const systemClock: Clock = {
  nowMs: () => Date.now(),
  sleepMs: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      const onAbort = (): void => {
        clearTimeout(timer)
        reject(signal?.reason)
      }
      // The listener goes with the sleep: a long-lived signal (ferry's stop) sees thousands of
      // sleeps, and a listener left on it per sleep would leak.
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal?.addEventListener('abort', onAbort, { once: true })
    }),
}

/** A clock that only moves when told: tests and the simulator. */
export type ManualClock = Clock & { advanceMs(ms: number): void; sleeps: number[] }

/** Creates a {@link ManualClock} starting at `startMs`. Sleeps resolve once the clock passes them. */
export function createManualClock(startMs = 0): ManualClock {
  let now = startMs
  const pending: { at: number; resolve: () => void }[] = []
  const sleeps: number[] = []
  return {
    sleeps,
    nowMs: () => now,
    sleepMs(ms) {
      sleeps.push(ms)
      return new Promise((resolve) => {
        pending.push({ at: now + ms, resolve })
      })
    },
    advanceMs(ms) {
      now += ms
      for (const p of pending.filter((p) => p.at <= now)) {
        pending.splice(pending.indexOf(p), 1)
        p.resolve()
      }
    },
  }
}
