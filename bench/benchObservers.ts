import { performance } from 'node:perf_hooks'
import type { createManualClock } from '../src/common/clock.ts'
import { silentLogger } from '../src/common/Logger.ts'
import { ALERT_KINDS, type AlertKind } from '../src/observe/alertTypes.ts'
import { createAlerter } from '../src/observe/createAlerter.ts'
import type { EngineEvent } from '../src/observe/engineEvents.ts'
import type { EngineObserver } from '../src/observe/fanOutEvents.ts'
import { percentile, sorted } from './tickStats.ts'

/** The bench's alerter: one webhook whose fetch answers at once (no network). */
export function benchAlerter(clock: ReturnType<typeof createManualClock>, onPost: () => void) {
  return createAlerter({
    destinations: [
      {
        format: 'generic',
        url: 'http://127.0.0.1:9/bench',
        chatId: undefined,
        name: 'bench',
        secrets: [],
      },
    ],
    rules: {
      minIntervalMs: Object.fromEntries(ALERT_KINDS.map((k) => [k, 60_000])) as Record<
        AlertKind,
        number
      >,
      consecutiveFailures: 3,
      gasReserve: { '42161': 10n ** 16n, '8453': 10n ** 16n },
      knownSecrets: [],
    },
    logger: silentLogger,
    clock,
    fetch: async () => {
      onPost()
      return new Response('ok')
    },
  })
}

/**
 * Wall ms per tick of one observer alone over `events` (of `ticks` ticks): the median of
 * `replays` replays, each through a fresh observer from `make`.
 */
export function replayMs(
  events: readonly EngineEvent[],
  ticks: number,
  replays: number,
  make: () => EngineObserver,
): number {
  const runs: number[] = []
  for (let r = 0; r < replays; r++) {
    const observe = make()
    const startMs = performance.now()
    for (const event of events) observe(event)
    runs.push((performance.now() - startMs) / ticks)
  }
  return percentile(sorted(runs), 50)
}
