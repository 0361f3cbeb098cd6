import type { EventEmitter } from 'node:events'

/** Events recorded from the moment of the call, so a wait never misses one that came early. */
export type EventRecorder = {
  /** Resolves with the first recorded or future `event` matching `match`; bounded by `limitMs`. */
  waitFor<T>(event: string, match: (payload: T) => boolean, limitMs?: number): Promise<T>
}

/** Starts recording `events` of `emitter`. */
export function recordEvents(emitter: EventEmitter, events: readonly string[]): EventRecorder {
  const history = new Map<string, unknown[]>(events.map((e) => [e, []]))
  for (const event of events)
    emitter.on(event, (payload: unknown) => history.get(event)!.push(payload))
  return {
    waitFor<T>(event: string, match: (payload: T) => boolean, limitMs = 20_000): Promise<T> {
      const past = (history.get(event) ?? []).find((p) => match(p as T))
      if (past !== undefined) return Promise.resolve(past as T)
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
    },
  }
}
