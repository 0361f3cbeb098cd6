import type { DeepReadonly } from '../settings/deepFreeze.ts'
import type { FerryConfig } from '../settings/ferryConfigSchema.ts'
import { nextRunMs } from '../settings/nextRunMs.ts'

/** A strategy instance of the config, as the scheduler and a cluster's selection see it. */
export type StrategyInstance = DeepReadonly<FerryConfig>['strategies'][number]

/** When each strategy instance runs next. */
export type Scheduler = {
  /** The enabled instances due at `nowMs`, in config order. */
  due(nowMs: number): StrategyInstance[]
  /** Books the next run of instances that start now, before any I/O, so faults keep the pace. */
  ran(instances: readonly StrategyInstance[], nowMs: number): void
  /** The earliest next run of any enabled instance, ms; Infinity with none. */
  nextDueMs(): number
}

/**
 * The engine's scheduler (pure but for `random`, the jitter source in [0, 1)): each instance's
 * next run from its `schedule` (interval with jitter, or cron). A new instance is due at once.
 */
export function createScheduler(
  strategies: readonly StrategyInstance[],
  random: () => number,
): Scheduler {
  const next = new Map<string, number>()
  const enabled = strategies.filter((s) => s.enabled !== false)
  return {
    due: (nowMs) => enabled.filter((s) => (next.get(s.id) ?? 0) <= nowMs),
    ran(instances, nowMs) {
      for (const s of instances) next.set(s.id, nextRunMs(s.schedule, nowMs, random))
    },
    nextDueMs: () => Math.min(...enabled.map((s) => next.get(s.id) ?? 0)),
  }
}
