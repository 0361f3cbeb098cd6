import type { Clock } from '../common/clock.ts'
import type { Logger } from '../common/Logger.ts'
import type { MarketSnapshot } from '../common/strategy/marketTypes.ts'
import type { Strategy } from '../common/strategy/strategyContract.ts'
import type { IntentRunner } from '../execute/createIntentRunner.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import { ConfigError } from '../settings/ConfigError.ts'
import { checkStrategyParams } from '../settings/checkStrategyParams.ts'
import type { DeepReadonly } from '../settings/deepFreeze.ts'
import type { FerryConfig } from '../settings/ferryConfigSchema.ts'
import { strategyKey } from '../settings/strategyKey.ts'
import { strategyParamsSchemas } from '../settings/strategyParamsSchemas.ts'
import type { Journal } from '../store/openJournal.ts'
import { createAutoKill } from './createAutoKill.ts'
import { createScheduler } from './createScheduler.ts'
import type { EngineMarket } from './engineMarket.ts'
import { readSnapshot } from './readSnapshot.ts'
import { type LoadedStrategy, runStrategy } from './runStrategy.ts'
import { sleepUntil } from './sleepUntil.ts'

/** How often the recorded market is pruned to `recording.retentionMs`, ms. */
const PRUNE_EVERY_MS = 60_000

/** A running engine. */
export type Engine = {
  /** Runs one tick: every strategy that is due plans, quotes, decides, and its intents execute. */
  tick(): Promise<void>
  /** Reconciles, then ticks until `ticks` ticks ran or `signal` aborts; then drains tracking. */
  run(options: { ticks?: number; signal?: AbortSignal }): Promise<void>
  /** Settles every intent a previous run left non-terminal (the runner's reconcile). */
  reconcile(): Promise<void>
  /** Orders still being tracked. */
  tracking(): number
}

/** Inputs of {@link createEngine}. */
export type CreateEngineParams = {
  config: DeepReadonly<FerryConfig>
  /**
   * The strategies by key (settings/strategyKey: a built-in's `name`, `module:` and a module's
   * path): built-ins and plugins, injected.
   */
  strategies: Readonly<Record<string, Strategy<never>>>
  market: EngineMarket
  runner: IntentRunner
  journal: Journal
  clock: Clock
  logger: Logger
  emit: (event: EngineEvent) => void
  /** Random source in [0, 1) for schedule jitter. Default Math.random. */
  random?: () => number
}

/**
 * ferry's main loop. One tick: snapshot (balances, prices, in-flight intents) → each due
 * strategy's pure `plan` → quotes → pure `decide` → risk checks → the intent runner. Faults of
 * one strategy or one intent never stop the loop; they become events and journal states.
 * @throws ConfigError when a strategy is unknown or its params do not parse: at start, never on
 *   a tick.
 */
export function createEngine(params: CreateEngineParams): Engine {
  const { config, market, runner, journal, clock, logger } = params
  const problems = checkStrategyParams(config, strategyParamsSchemas(params.strategies))
  if (problems.length > 0) throw new ConfigError('strategies', problems)
  const loaded = new Map<string, LoadedStrategy>(
    config.strategies.map((s) => {
      const strategy = params.strategies[strategyKey(s)] as Strategy<unknown>
      return [s.id, { id: s.id, strategy, params: strategy.paramsSchema.parse(s.params) }]
    }),
  )
  const scheduler = createScheduler(config.strategies, params.random ?? Math.random)
  const autoKill = createAutoKill(config.risk.autoKill)
  let ticks = 0
  let killSwitchEngaged: boolean | undefined
  // Every event goes out; an intent's end may also trip the kill switch (P-4.4, P-4.6).
  const emit = (event: EngineEvent): void => {
    params.emit(event)
    if (event.type !== 'terminal') return
    const reason = autoKill(event)
    if (reason === undefined) return
    try {
      if (market.engageKillSwitch(reason)) {
        killSwitchEngaged = true
        params.emit({ type: 'killSwitch', engaged: true, reason })
      }
    } catch (error) {
      logger.error({ error: (error as Error).message }, 'could not engage the kill switch')
    }
  }
  const deps = { config, market, runner, journal, emit, nowMs: () => clock.nowMs() }
  let prunedAtMs: number | undefined
  // The market as this tick saw it, for `ferry replay`; losing it never fails the tick.
  function recordTick(nowMs: number, instances: { id: string }[], snapshot: MarketSnapshot): void {
    try {
      journal.recordTick({
        tickMs: nowMs,
        strategies: instances.map((s) => s.id),
        balances: [...snapshot.balances],
      })
      if (prunedAtMs === undefined || nowMs - prunedAtMs >= PRUNE_EVERY_MS) {
        journal.pruneMarket(nowMs - config.recording.retentionMs)
        prunedAtMs = nowMs
      }
    } catch (error) {
      logger.error({ error: (error as Error).message }, 'could not record the tick')
    }
  }

  async function tick(): Promise<void> {
    const nowMs = clock.nowMs()
    const instances = scheduler.due(nowMs)
    ticks++
    emit({ type: 'tick', tick: ticks, strategies: instances.map((s) => s.id), atMs: nowMs })
    const engaged = market.killSwitchEngaged()
    if (engaged !== killSwitchEngaged) {
      // The first tick reports an engaged switch; after that, every change either way (P-4.4).
      if (killSwitchEngaged !== undefined || engaged) emit({ type: 'killSwitch', engaged })
      killSwitchEngaged = engaged
    }
    scheduler.ran(instances, nowMs)
    let failures = 0
    if (instances.length > 0) {
      try {
        const snapshot = await readSnapshot(market, journal, nowMs, emit)
        recordTick(nowMs, instances, snapshot)
        for (const instance of instances) {
          try {
            await runStrategy(deps, loaded.get(instance.id)!, snapshot)
          } catch (error) {
            failures++
            logger.error(
              { strategy: instance.id, error: (error as Error).message },
              'strategy tick failed',
            )
          }
        }
      } catch (error) {
        // A fault of the snapshot (an RPC down) fails this tick, never the loop (P-3.6).
        failures = instances.length
        logger.error({ error: (error as Error).message }, 'tick failed: no snapshot')
      }
    }
    const endMs = clock.nowMs()
    emit({ type: 'tickEnd', tick: ticks, atMs: endMs, durationMs: endMs - nowMs, failures })
  }

  return {
    tick,
    reconcile: () => runner.reconcile(emit),
    tracking: () => runner.tracking(),
    async run({ ticks: limit, signal }) {
      // Before any new intent: what a previous run left is settled first (P-2.2).
      await runner.reconcile(emit)
      for (let i = 0; (limit === undefined || i < limit) && !signal?.aborted; i++) {
        await tick()
        if (limit !== undefined && i === limit - 1) break
        await sleepUntil(clock, scheduler.nextDueMs(), signal)
      }
      // Graceful end: no new sends start. Without a stop, orders are followed to their end; with
      // one (SIGINT/SIGTERM), sends under way complete and trackers stop at their next wait.
      await runner.drain(signal)
    },
  }
}
