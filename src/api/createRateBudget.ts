import { type Clock, systemClock } from '../common/clock.ts'

/** A sliding-window request budget of one endpoint. */
export type RateBudget = {
  /**
   * Resolves when a request may start, and takes its slot. Call the returned `release` when the
   * request's answer (or failure) is in: the slot frees `windowMs` after that. Rejects with the
   * signal's reason if it aborts while waiting.
   */
  acquire(signal?: AbortSignal): Promise<() => void>
  /** Slots taken now: requests in flight plus those answered less than a window ago. */
  inUse(): number
}

/** Most waits one acquisition can need when time moves forward (see the loop below). */
const MAX_WAITS = 16

/**
 * Creates a budget of `limit` requests per `windowMs` that holds at the server, not only at the
 * client: a slot is held from the request's start until `windowMs` after its answer. The server
 * counts a request somewhere between those two instants, so any two requests `limit` apart in
 * start order reach it at least a window apart, whatever the latency did in between and wherever
 * the server's windows begin (fixed or sliding). Counting from the start alone, as a plain
 * sliding window does, lets a slow first request and a fast later one land in one server window
 * and draw a 429. The cost is one latency per window of throughput (a few ms per minute).
 * Acquisitions are served in call order.
 * @param options.clock real time by default; the budget must run on the time the server sees.
 */
export function createRateBudget(options: {
  limit: number
  windowMs: number
  clock?: Clock
}): RateBudget {
  const { limit, windowMs } = options
  const clock = options.clock ?? systemClock
  /** Per taken slot: undefined while in flight, else the ms its answer came in. */
  const slots = new Set<{ answeredMs: number | undefined }>()
  let released: { promise: Promise<void>; resolve: () => void } = deferred()
  let line: Promise<unknown> = Promise.resolve()

  const prune = (nowMs: number): void => {
    for (const slot of slots)
      if (slot.answeredMs !== undefined && slot.answeredMs + windowMs <= nowMs) slots.delete(slot)
  }

  async function waitForSlot(signal: AbortSignal | undefined): Promise<() => void> {
    // Each wait either lets a slot expire (the next prune frees it) or turns an in-flight slot
    // into an answered one (the next wait is then until its expiry): a few waits at most.
    for (let waits = 0; waits < MAX_WAITS; waits++) {
      signal?.throwIfAborted()
      const nowMs = clock.nowMs()
      prune(nowMs)
      if (slots.size < limit) {
        const slot: { answeredMs: number | undefined } = { answeredMs: undefined }
        slots.add(slot)
        return () => {
          if (slot.answeredMs !== undefined) return
          slot.answeredMs = clock.nowMs()
          const wake = released
          released = deferred()
          wake.resolve()
        }
      }
      let firstExpiryMs = Number.POSITIVE_INFINITY
      for (const slot of slots)
        if (slot.answeredMs !== undefined)
          firstExpiryMs = Math.min(firstExpiryMs, slot.answeredMs + windowMs)
      if (Number.isFinite(firstExpiryMs)) await clock.sleepMs(firstExpiryMs - nowMs, signal)
      else await abortable(released.promise, signal)
    }
    throw new Error(`rate budget: no slot after ${MAX_WAITS} waits (did the clock stop?)`)
  }

  return {
    acquire(signal) {
      const turn = line.then(() => waitForSlot(signal))
      // The next caller waits for this one's turn, not for its success.
      line = turn.catch(() => undefined)
      return turn
    },
    inUse() {
      prune(clock.nowMs())
      return slots.size
    },
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {}
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

function abortable(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    })
  })
}
