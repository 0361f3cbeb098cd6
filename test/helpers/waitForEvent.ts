import type { EventEmitter } from 'node:events'

/**
 * Resolves with the first `event` whose payload satisfies `match`; rejects after `limitMs` (a
 * bound, not a wait: it fires only when the event never comes).
 */
export function waitForEvent<T>(
  emitter: EventEmitter,
  event: string,
  match: (payload: T) => boolean,
  limitMs = 20_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off(event, listener)
      reject(new Error(`no ${event} event within ${limitMs} ms`))
    }, limitMs)
    const listener = (payload: T): void => {
      if (!match(payload)) return
      clearTimeout(timer)
      emitter.off(event, listener)
      resolve(payload)
    }
    emitter.on(event, listener)
  })
}
