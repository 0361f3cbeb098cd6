import { builtInStrategies } from '../../strategies/builtInStrategies.ts'
import type { DeepReadonly } from '../settings/deepFreeze.ts'
import type { FerryConfig } from '../settings/ferryConfigSchema.ts'
import { resolveRouteRiskLimits } from '../settings/resolveRouteRiskLimits.ts'
import type { Clock } from '../shared/clock.ts'
import type { Logger } from '../shared/Logger.ts'
import type { Journal } from '../store/openJournal.ts'
import { describeRoute, type EngineEvent } from './engineEvents.ts'
import type { EngineWorld } from './engineWorld.ts'
import { runRiskChecks } from './risk/riskChecks.ts'
import type { Intent, MarketSnapshot, QuoteObservation, RiskContext } from './types.ts'

/** A running engine. */
export type Engine = {
  /** Runs one tick: every strategy that is due plans, quotes, decides, and its intents execute. */
  tick(): Promise<void>
  /** Ticks until `ticks` ticks ran, or `signal` aborts; then waits for tracking to finish. */
  run(options: { ticks?: number; signal?: AbortSignal }): Promise<void>
  /** Orders still being tracked. */
  tracking(): number
}

/** Inputs of {@link createEngine}. */
export type CreateEngineParams = {
  config: DeepReadonly<FerryConfig>
  world: EngineWorld
  journal: Journal
  clock: Clock
  logger: Logger
  emit: (event: EngineEvent) => void
  /** Random source in [0, 1) for schedule jitter. Default Math.random. */
  random?: () => number
}

const DAY_MS = 86_400_000

/**
 * ferry's main loop (issue 6 item 3). One tick: snapshot (balances, prices from quotes) → each
 * due strategy's pure `plan` → quotes through the client's per-endpoint queues → pure `decide` →
 * observations journaled → each intent journaled, then the pure risk checks in order →
 * accepted intents executed through the verifying executors (only when the world sends) →
 * created orders tracked to their fill and hook in the background. Faults of one strategy or one
 * intent never stop the loop; they become events and journal states.
 */
export function createEngine(params: CreateEngineParams): Engine {
  const { config, world, journal, clock, logger, emit } = params
  const random = params.random ?? Math.random
  const nextDueMs = new Map<string, number>()
  const tracked = new Set<Promise<void>>()
  let ticks = 0

  const due = (nowMs: number): DeepReadonly<FerryConfig>['strategies'][number][] =>
    config.strategies.filter((s) => s.enabled !== false && (nextDueMs.get(s.id) ?? 0) <= nowMs)

  async function tick(): Promise<void> {
    const nowMs = clock.nowMs()
    const instances = due(nowMs)
    ticks++
    emit({ type: 'tick', tick: ticks, strategies: instances.map((s) => s.id), atMs: nowMs })
    if (instances.length === 0) return
    const balances = await world.readBalances()
    // Prices come with the balances (the world prices them from quotes, spec §2.6 USD values).
    const pricesUsd = Object.fromEntries(
      balances
        .filter((b) => b.priceUsd !== undefined)
        .map((b) => [
          `${b.chainId}:${b.token.startsWith('0x') ? b.token.toLowerCase() : b.token}`,
          b.priceUsd!,
        ]),
    )
    const snapshot: MarketSnapshot = { nowMs, balances, pricesUsd }
    for (const instance of instances) {
      const schedule = instance.schedule
      const intervalMs =
        'intervalMs' in schedule && schedule.intervalMs ? schedule.intervalMs : 60_000
      nextDueMs.set(
        instance.id,
        nowMs + intervalMs + Math.floor(random() * (schedule.jitterMs ?? 0)),
      )
      try {
        await runStrategy(instance, snapshot)
      } catch (error) {
        logger.error(
          { strategy: instance.id, error: (error as Error).message },
          'strategy tick failed',
        )
      }
    }
  }

  async function runStrategy(
    instance: DeepReadonly<FerryConfig>['strategies'][number],
    snapshot: MarketSnapshot,
  ): Promise<void> {
    const strategy = builtInStrategies[instance.name]
    if (!strategy) throw new Error(`unknown strategy ${instance.name}`)
    const strategyParams = strategy.paramsSchema.parse(instance.params) as never
    const requests = strategy.plan(snapshot, strategyParams)
    const quotes: QuoteObservation[] = []
    await Promise.all(
      requests.map(async (request) => {
        try {
          const quote = await world.quote(request, clock.nowMs())
          quotes.push(quote)
          emit({
            type: 'quote',
            strategy: instance.id,
            requestId: request.requestId,
            route: describeRoute(request),
            amountIn: quote.amountIn.toString(),
            amountOut: quote.amountOut.toString(),
            costBps: Math.round(quote.costBps * 100) / 100,
          })
        } catch (error) {
          emit({
            type: 'quoteFailed',
            strategy: instance.id,
            requestId: request.requestId,
            error: (error as Error).message.split('\n')[0]!,
          })
        }
      }),
    )
    const { intents, observations } = strategy.decide(quotes, snapshot, strategyParams)
    for (const o of observations) {
      journal.recordObservation(instance.id, o, o.atMs)
      emit({
        type: 'observation',
        strategy: instance.id,
        kind: o.kind,
        valueBps: o.valueBps,
        thresholdBps: o.thresholdBps,
        acted: o.acted,
        note: o.note,
      })
    }
    for (const intent of intents) await handleIntent(instance.id, intent, snapshot)
  }

  async function handleIntent(
    strategyId: string,
    intent: Intent,
    snapshot: MarketSnapshot,
  ): Promise<void> {
    const route = intent.route
    const intentId = `${strategyId}:${route.requestId}:${snapshot.nowMs}`
    emit({
      type: 'intent',
      strategy: strategyId,
      intentId,
      route: describeRoute(route),
      amountIn: intent.amountIn.toString(),
      minAmountOut: intent.minAmountOut.toString(),
      notionalUsd: intent.notionalUsd,
      reason: intent.reason,
    })
    // The risk context is read before this intent is journaled, so it never counts itself.
    const verdict = runRiskChecks(intent, riskContext(strategyId, intent, snapshot))
    emit({
      type: 'decision',
      strategy: strategyId,
      intentId,
      verdict: verdict.kind,
      reason: verdict.kind === 'accept' ? undefined : verdict.reason,
      check: verdict.check,
      detail: verdict.kind === 'accept' ? undefined : verdict.detail,
    })
    const summary = {
      intentId,
      route: route.routeId,
      amountIn: intent.amountIn,
      minAmountOut: intent.minAmountOut,
      notionalUsd: intent.notionalUsd,
      reason: intent.reason,
    }
    // Only intents that go on to be sent are journaled as intents: a refused or dry-run one is an
    // observation, so it neither counts against the daily cap nor starts a route's cooldown.
    if (verdict.kind !== 'accept') {
      journal.recordObservation(
        strategyId,
        { kind: 'decision', verdict, ...summary },
        snapshot.nowMs,
      )
      return
    }
    if (!world.sending) {
      journal.recordObservation(strategyId, { kind: 'dryRun', ...summary }, snapshot.nowMs)
      emit({
        type: 'dryRun',
        strategy: strategyId,
        intentId,
        note: 'dry-run: nothing signed (use --live with mode: live to send)',
      })
      return
    }
    journal.recordIntent({
      id: intentId,
      strategy: strategyId,
      route: route.routeId,
      params: {
        route,
        amountIn: intent.amountIn,
        minAmountOut: intent.minAmountOut,
        reason: intent.reason,
      },
      notionalUsd: intent.notionalUsd,
    })
    const outcome = await world.execute(intent, intentId, emit).catch((error: unknown) => ({
      kind: 'failed' as const,
      detail: (error as Error).message.split('\n')[0]!,
    }))
    if (outcome.kind === 'created') {
      const order = { intentId, ...outcome }
      const job = world
        .track(order, emit)
        .then((t) => {
          journal.setIntentState(
            intentId,
            t.state === 'completed' ? 'completed' : 'failed',
            t.detail,
          )
          emit({
            type: 'terminal',
            intentId,
            orderId: outcome.orderId,
            state: t.state,
            detail: t.detail,
          })
        })
        .catch((error: unknown) => {
          logger.error({ intentId, error: (error as Error).message }, 'tracking failed')
        })
      tracked.add(job)
      void job.finally(() => tracked.delete(job))
      return
    }
    if (outcome.kind === 'swapped') {
      journal.setIntentState(intentId, 'completed', outcome.hash)
      emit({
        type: 'terminal',
        intentId,
        orderId: undefined,
        state: 'completed',
        detail: `swap ${outcome.hash}`,
      })
      return
    }
    journal.setIntentState(intentId, 'failed', outcome.detail)
    emit({
      type: 'terminal',
      intentId,
      orderId: undefined,
      state: outcome.kind === 'refused' ? 'refused' : 'failed',
      detail: outcome.detail,
    })
  }

  function riskContext(strategyId: string, intent: Intent, snapshot: MarketSnapshot): RiskContext {
    const r = intent.route
    const key =
      r.kind === 'crossChain'
        ? { strategyId, srcChainId: r.srcChainId, dstChainId: r.dstChainId }
        : { strategyId, srcChainId: r.chainId, dstChainId: r.chainId }
    const since = snapshot.nowMs - DAY_MS
    const today = journal.notionalUsdSince(since)
    const status = journal.status()
    return {
      snapshot,
      limits: resolveRouteRiskLimits(config.risk, key),
      globalLimits: resolveRouteRiskLimits(config.risk),
      notionalUsdToday: today.reduce((sum, t) => sum + t.notionalUsd, 0),
      routeNotionalUsdToday: today.find((t) => t.route === r.routeId)?.notionalUsd ?? 0,
      inFlightUsd: status.inFlightUsd,
      routeInFlightUsd: status.inFlight
        .filter((i) => i.route === r.routeId)
        .reduce((s, i) => s + i.notionalUsd, 0),
      lastRouteFailureAtMs: journal.lastFailureMs(r.routeId),
      killSwitchEngaged: world.killSwitchEngaged(),
    }
  }

  return {
    tick,
    tracking: () => tracked.size,
    async run({ ticks: limit, signal }) {
      const minIntervalMs = Math.max(
        250,
        Math.min(
          ...config.strategies.map(
            (s) => ('intervalMs' in s.schedule && s.schedule.intervalMs) || 60_000,
          ),
        ),
      )
      for (let i = 0; (limit === undefined || i < limit) && !signal?.aborted; i++) {
        await tick()
        if (limit !== undefined && i === limit - 1) break
        await clock.sleepMs(minIntervalMs, signal).catch(() => undefined)
      }
      // Graceful end: no new sends start; the bookkeeping of orders in flight completes.
      await Promise.allSettled([...tracked])
    },
  }
}
