import type { Logger } from '../common/Logger.ts'
import type { EngineEvent } from './engineEvents.ts'

/** Something that watches the engine's events: the output, metrics, alerts. */
export type EngineObserver = (event: EngineEvent) => void

/**
 * One `emit` for the engine that hands each event to every observer in turn. An observer that
 * throws is logged and skipped: observability never blocks or fails a tick (safety P-3.6).
 * Observers must not await anything here; slow work (a webhook) is theirs to queue.
 */
export function fanOutEvents(observers: readonly EngineObserver[], logger: Logger): EngineObserver {
  return (event) => {
    for (const observe of observers) {
      try {
        observe(event)
      } catch (error) {
        logger.error({ event: event.type, error: (error as Error).message }, 'an observer failed')
      }
    }
  }
}
