import type { ClusterEvent } from '../../observe/clusterEvents.ts'
import {
  type ClusterHeartbeat,
  heartbeatClusterInstance,
} from '../../store/cluster/heartbeatClusterInstance.ts'
import type { PgJournalStore } from '../../store/pg/openPgJournal.ts'

/** A member's heartbeat, on a timer and a connection of its own. */
export type Heartbeat = {
  /** Beats now (or joins the beat in flight). Throws what the database said. */
  beat(): Promise<void>
  /** Beats every quarter of the TTL until {@link Heartbeat.stop}; a failed beat is told. */
  start(): void
  /** No more beats; resolves once the beat in flight, if any, has ended. */
  stop(): Promise<void>
}

/**
 * The heartbeat of one cluster member (docs/architecture.md §5). It never waits for a lease turn
 * (which may wait on a lock, or reconcile a taken group for a while): its own timer, every
 * quarter of the TTL, on the store's heartbeat connection (`beatDb`). A beat still in flight when
 * the next is due (the database unreachable) is not doubled.
 */
export function createHeartbeat(
  store: PgJournalStore,
  who: ClusterHeartbeat,
  emit: (event: ClusterEvent) => void,
): Heartbeat {
  let inFlight: Promise<void> | undefined
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  function beat(): Promise<void> {
    inFlight ??= heartbeatClusterInstance(store, who).finally(() => {
      inFlight = undefined
    })
    return inFlight
  }

  function schedule(): void {
    if (stopped) return
    timer = setTimeout(
      () => {
        beat()
          .catch((error: unknown) => {
            const message = (error as Error).message.split('\n')[0]!
            emit({ type: 'clusterTurnFailed', error: `heartbeat: ${message}` })
          })
          .finally(schedule)
      },
      Math.max(1, Math.floor(who.leaseTtlMs / 4)),
    )
    timer.unref()
  }

  return {
    beat,
    start: schedule,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await inFlight?.catch(() => {})
    },
  }
}
