import type { EngineEvent } from '../../observe/engineEvents.ts'

/** Counts of a run's events, for the live view's last line. */
export type RunTally = {
  count(event: EngineEvent): void
  /** `summary: 4 ticks (1 failed), 6 quotes (2 failed), 2 intents: 1 completed, 1 dry-run` */
  line(): string
}

/** Creates an empty {@link RunTally}. Pure but for its own counters. */
export function createRunTally(): RunTally {
  let ticks = 0
  let failedTicks = 0
  let quotes = 0
  let failedQuotes = 0
  let intents = 0
  const ends = new Map<string, number>()
  const bump = (key: string): void => {
    ends.set(key, (ends.get(key) ?? 0) + 1)
  }
  return {
    count(event) {
      switch (event.type) {
        case 'tickEnd':
          ticks++
          if (event.failures > 0) failedTicks++
          return
        case 'quote':
          quotes++
          return
        case 'quoteFailed':
          quotes++
          failedQuotes++
          return
        case 'intent':
          intents++
          return
        case 'dryRun':
          bump('dry-run')
          return
        case 'terminal':
          bump(event.state)
          return
        case 'unsettled':
          bump('unsettled')
          return
      }
    },
    line() {
      const failed = (n: number): string => (n > 0 ? ` (${n} failed)` : '')
      const byEnd = [...ends].map(([end, n]) => `${n} ${end}`).join(', ')
      return (
        `summary: ${ticks} tick(s)${failed(failedTicks)}, ${quotes} quote(s)${failed(failedQuotes)}, ` +
        `${intents} intent(s)${byEnd ? `: ${byEnd}` : ''}`
      )
    },
  }
}
