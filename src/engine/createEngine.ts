import { builtInStrategies } from '../../strategies/builtInStrategies.ts'
import type { DeepReadonly } from '../settings/deepFreeze.ts'
import type { FerryConfig } from '../settings/ferryConfigSchema.ts'
import { resolveRouteRiskLimits } from '../settings/resolveRouteRiskLimits.ts'
import type { Clock } from '../shared/clock.ts'
import type { Logger } from '../shared/Logger.ts'
import { aggregatorEdgeBps } from '../shared/strategy/aggregatorEdgeBps.ts'
import type { Intent, MarketSnapshot, QuoteObservation } from '../shared/strategy/marketTypes.ts'
import type { Journal } from '../store/openJournal.ts'
import { describeRoute, type EngineEvent } from './engineEvents.ts'
import type { EngineWorld, ExecutionOutcome } from './engineWorld.ts'
import { type FailPoint, noFailPoint } from './failPoints.ts'
import { nextRunMs } from './nextRunMs.ts'
import { planReconciliation } from './planReconciliation.ts'
import { runRiskChecks } from './risk/riskChecks.ts'
import type { RiskContext } from './risk/riskTypes.ts'

/** A running engine. */
export type Engine = {
  /** Runs one tick: every strategy that is due plans, quotes, decides, and its intents execute. */
  tick(): Promise<void>
  /** Ticks until `ticks` ticks ran, or `signal` aborts; then waits for tracking to finish. */
  run(options: { ticks?: number; signal?: AbortSignal }): Promise<void>
  /**
   * Settles every intent a previous run left non-terminal (P-2.2): tracks created orders, resumes
   * signed transactions from their journaled bytes, abandons intents that never signed one.
   * `run` calls it before its first tick; an intent it cannot settle yet stays in flight.
   */
  reconcile(): Promise<void>
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
  /** Crash-test hook called at each step of the pipeline (failPoints.ts). Default: none. */
  failPoint?: FailPoint
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
  const { config, world, journal, clock, logger } = params
  const random = params.random ?? Math.random
  const failPoint = params.failPoint ?? noFailPoint
  const nextDueMs = new Map<string, number>()
  const tracked = new Set<Promise<void>>()
  let ticks = 0
  let killSwitchEngaged: boolean | undefined
  let failuresInARow = 0
  // Every event goes out; an intent's end may also trip the kill switch (P-4.4, P-4.6).
  const emit = (event: EngineEvent): void => {
    params.emit(event)
    if (event.type === 'terminal') autoKill(event)
  }

  function autoKill(end: Extract<EngineEvent, { type: 'terminal' }>): void {
    const rules = config.risk.autoKill
    if (end.state === 'completed') failuresInARow = 0
    // Refusals have their own rule; a price that moved is economics and counts toward nothing.
    else if (end.state !== 'refused' && !end.economics) failuresInARow++
    const reason =
      end.state === 'refused' && rules.onRefusal
        ? `the verifier refused a transaction of the service for ${end.intentId}: ${end.detail}`
        : rules.afterConsecutiveFailures > 0 && failuresInARow >= rules.afterConsecutiveFailures
          ? `${failuresInARow} intents in a row ended without success, the last ${end.intentId}: ${end.detail}`
          : undefined
    if (reason === undefined) return
    try {
      if (world.engageKillSwitch(reason)) {
        killSwitchEngaged = true
        params.emit({ type: 'killSwitch', engaged: true, reason })
      }
    } catch (error) {
      logger.error({ error: (error as Error).message }, 'could not engage the kill switch')
    }
  }
  // Aborted when `run` is stopped: trackers stop waiting for fills, the journal keeps the orders.
  const stopTracking = new AbortController()

  const due = (nowMs: number): DeepReadonly<FerryConfig>['strategies'][number][] =>
    config.strategies.filter((s) => s.enabled !== false && (nextDueMs.get(s.id) ?? 0) <= nowMs)

  async function tick(): Promise<void> {
    const nowMs = clock.nowMs()
    const instances = due(nowMs)
    ticks++
    emit({ type: 'tick', tick: ticks, strategies: instances.map((s) => s.id), atMs: nowMs })
    const engaged = world.killSwitchEngaged()
    if (engaged !== killSwitchEngaged) {
      // The first tick reports an engaged switch; after that, every change either way (P-4.4).
      if (killSwitchEngaged !== undefined || engaged) emit({ type: 'killSwitch', engaged })
      killSwitchEngaged = engaged
    }
    // Scheduled before any I/O, so a failing RPC is retried on schedule, not on every loop.
    for (const instance of instances) {
      nextDueMs.set(instance.id, nextRunMs(instance.schedule, nowMs, random))
    }
    let failures = 0
    try {
      if (instances.length > 0) failures = await runDue(instances, nowMs)
    } catch (error) {
      // A fault of the snapshot (an RPC down) fails this tick, never the loop (P-3.6).
      failures = instances.length
      logger.error({ error: (error as Error).message }, 'tick failed: no snapshot')
    }
    const endMs = clock.nowMs()
    emit({ type: 'tickEnd', tick: ticks, atMs: endMs, durationMs: endMs - nowMs, failures })
  }

  /** Snapshot, then each due strategy in turn; returns how many strategies failed. */
  async function runDue(
    instances: DeepReadonly<FerryConfig>['strategies'][number][],
    nowMs: number,
  ): Promise<number> {
    const balances = await world.readBalances()
    emit({
      type: 'balances',
      balances: balances.map((b) => ({
        chainId: b.chainId,
        token: b.token,
        symbol: b.symbol,
        isNative: b.isNative,
        amount: b.amount.toString(),
        usd:
          b.priceUsd === undefined ? undefined : (Number(b.amount) / 10 ** b.decimals) * b.priceUsd,
      })),
    })
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
    let failures = 0
    for (const instance of instances) {
      try {
        await runStrategy(instance, snapshot)
      } catch (error) {
        failures++
        logger.error(
          { strategy: instance.id, error: (error as Error).message },
          'strategy tick failed',
        )
      }
    }
    return failures
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
      requestId: route.requestId,
      route: describeRoute(route),
      amountIn: intent.amountIn.toString(),
      minAmountOut: intent.minAmountOut.toString(),
      notionalUsd: intent.notionalUsd,
      reason: intent.reason,
      quotedAmountOut: intent.quote.amountOut.toString(),
      quotedAmountOutUsd: intent.quote.amountOutUsd,
      costBps: intent.quote.costBps,
      costsUsd: intent.quote.costsUsd,
      edgeBps: aggregatorEdgeBps(intent.quote),
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
    // The quote the decision was made on, for quoted-vs-realized and cost reports.
    const q = intent.quote
    journal.recordQuote({
      intentId,
      endpoint: route.kind === 'crossChain' ? 'create-tx' : 'chain/transaction',
      request: route,
      response: {
        quotedAtMs: q.quotedAtMs,
        amountIn: q.amountIn,
        amountInUsd: q.amountInUsd,
        amountOut: q.amountOut,
        amountOutUsd: q.amountOutUsd,
        minAmountOut: q.minAmountOut,
        outDecimals: q.outDecimals,
        costBps: q.costBps,
        costsUsd: q.costsUsd,
        priceImpactBps: q.priceImpactBps,
        edgeBps: aggregatorEdgeBps(q),
      },
    })
    failPoint('afterIntentJournaled')
    const outcome = await world.execute(intent, intentId, emit).catch((error: unknown) => ({
      kind: 'failed' as const,
      detail: (error as Error).message.split('\n')[0]!,
    }))
    conclude(intentId, outcome)
  }

  /** Journals and reports where an execution (or a restart's settling) left an intent. */
  function conclude(intentId: string, outcome: ExecutionOutcome): void {
    if (outcome.kind === 'created') {
      startTracking({ intentId, ...outcome })
      return
    }
    if (outcome.kind === 'unknown') {
      // Bytes may still land: never failed, never re-quoted; the next start reconciles it.
      emit({ type: 'unsettled', intentId, detail: outcome.detail })
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
      ...(outcome.kind === 'moved' ? { economics: true as const } : {}),
    })
  }

  /** Follows a created order to its fill and hook in the background; `run` waits for it. */
  function startTracking(order: Parameters<EngineWorld['track']>[0]): void {
    const { intentId, orderId } = order
    const job = world
      .track(order, emit, stopTracking.signal)
      .then((t) => {
        if (t.state === 'interrupted') {
          // Not an end: the journal keeps it in flight for the next start (P-2.2).
          emit({ type: 'unsettled', intentId, detail: t.detail })
          return
        }
        // completed, failed or cancelled (auto-cancel refunded it): each is an intent state.
        journal.setIntentState(intentId, t.state, t.detail)
        emit({
          type: 'terminal',
          intentId,
          orderId,
          state: t.state,
          detail: t.detail,
        })
      })
      .catch((error: unknown) => {
        logger.error({ intentId, error: (error as Error).message }, 'tracking failed')
      })
    tracked.add(job)
    void job.finally(() => tracked.delete(job))
  }

  async function reconcile(): Promise<void> {
    for (const rec of journal.pendingReconciliations()) {
      const intentId = rec.intent.id
      const plan = planReconciliation(rec)
      const detail =
        plan.kind === 'track'
          ? `order ${plan.order.orderId} is ${plan.order.state}`
          : plan.kind === 'resume'
            ? `${plan.attempts.length} journaled ${plan.sendKind} signature(s) on ${plan.chainId}`
            : plan.detail
      emit({ type: 'reconcile', intentId, plan: plan.kind, detail })
      try {
        if (plan.kind === 'track') {
          startTracking({
            intentId,
            orderId: plan.order.orderId,
            srcChainId: plan.order.srcChainId,
            dstChainId: plan.order.dstChainId,
            hasHook: plan.hasHook,
          })
        } else if (plan.kind === 'finish') {
          journal.setIntentState(intentId, plan.state, plan.detail)
          emit({
            type: 'terminal',
            intentId,
            orderId: undefined,
            state: plan.state,
            detail: plan.detail,
          })
        } else if (plan.kind !== 'wait') {
          conclude(intentId, await world.settle(rec, plan, emit))
        }
      } catch (error) {
        // Left in flight: it still counts against the limits and is tried again next start.
        logger.error({ intentId, error: (error as Error).message }, 'reconciliation failed')
        emit({ type: 'unsettled', intentId, detail: (error as Error).message.split('\n')[0]! })
      }
    }
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
    reconcile,
    tracking: () => tracked.size,
    async run({ ticks: limit, signal }) {
      // Before any new intent: what a previous run left is settled first (P-2.2).
      await reconcile()
      // Between ticks, sleep until the earliest enabled strategy is due (with none, until the
      // signal): at least MIN_SLEEP_MS so a due time in the past never makes ticks spin, and in
      // slices of at most MAX_SLEEP_MS because a timer fires at once past 2^31 - 1 ms (~24.8
      // days), which a monthly cron reaches. Slices are not ticks: `ticks` counts ticks only.
      const MIN_SLEEP_MS = 250
      const MAX_SLEEP_MS = 3_600_000
      const sleepUntilDue = async (): Promise<void> => {
        const dueMs = Math.min(
          ...config.strategies
            .filter((s) => s.enabled !== false)
            .map((s) => nextDueMs.get(s.id) ?? 0),
        )
        const wakeMs = Math.max(dueMs, clock.nowMs() + MIN_SLEEP_MS)
        while (!signal?.aborted && clock.nowMs() < wakeMs) {
          const sliceMs = Math.min(wakeMs - clock.nowMs(), MAX_SLEEP_MS)
          await clock.sleepMs(sliceMs, signal).catch(() => undefined)
        }
      }
      for (let i = 0; (limit === undefined || i < limit) && !signal?.aborted; i++) {
        await tick()
        if (limit !== undefined && i === limit - 1) break
        await sleepUntilDue()
      }
      // Graceful end: no new sends start. Without a stop, orders are followed to their end; with
      // one (SIGINT/SIGTERM), sends under way complete and trackers stop at their next wait.
      if (signal?.aborted) stopTracking.abort()
      else signal?.addEventListener('abort', () => stopTracking.abort(), { once: true })
      await Promise.allSettled([...tracked])
    },
  }
}
