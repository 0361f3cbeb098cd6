import { aggregatorEdgeBps } from '../common/strategy/aggregatorEdgeBps.ts'
import type { Intent, MarketSnapshot } from '../common/strategy/marketTypes.ts'
import type { IntentRunner } from '../execute/createIntentRunner.ts'
import { RiskRecheckError } from '../execute/RiskRecheckError.ts'
import { describeRoute, type EngineEvent } from '../observe/engineEvents.ts'
import type { DeepReadonly } from '../settings/deepFreeze.ts'
import type { FerryConfig } from '../settings/ferryConfigSchema.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import { buildRiskContext } from './buildRiskContext.ts'
import { createPreSignGuard, type PreSignReads } from './createPreSignGuard.ts'
import type { TickRiskTotals } from './createTickRiskTotals.ts'
import type { EngineMarket } from './engineMarket.ts'
import { type RiskTotals, readRiskTotals } from './readRiskTotals.ts'
import { runRiskChecks } from './risk/riskChecks.ts'

/**
 * The journal as {@link handleIntent} uses it: the risk checks' totals, observations and
 * postponements. `ferry replay` passes an in-memory one (src/replay).
 */
export type IntentJournal = Pick<
  JournalStore,
  'recordObservation' | 'recordPostponement' | 'notionalUsdSince' | 'status' | 'lastFailureMs'
>

/** What {@link handleIntent} works with. */
export type HandleIntentDeps = {
  config: DeepReadonly<FerryConfig>
  market: Pick<EngineMarket, 'killSwitchEngaged'>
  runner: Pick<IntentRunner, 'sending' | 'run'>
  journal: IntentJournal
  emit: (e: EngineEvent) => void
  /** The tick's running risk totals; without them every first check reads the journal. */
  totals?: TickRiskTotals
  /**
   * The SQLite journal `journal` wraps, read synchronously by the last check so that it runs
   * inside the write-ahead transaction (createPreSignGuard). Absent on PostgreSQL.
   */
  preSignReads?: PreSignReads
}

/**
 * One intent of a strategy: reported, judged by the risk checks, then dropped (journaled as an
 * observation), postponed (journaled until its delay ends), rehearsed (dry run) or run to its end
 * by the intent runner, whose last risk check re-runs every check right before signing.
 */
export async function handleIntent(
  deps: HandleIntentDeps,
  strategyId: string,
  intent: Intent,
  snapshot: MarketSnapshot,
): Promise<void> {
  const { config, journal, emit } = deps
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
  const contextOf = (totals: RiskTotals, lastRouteFailureAtMs: number | undefined, self?: string) =>
    buildRiskContext({
      config,
      strategyId,
      intent,
      snapshot,
      killSwitchEngaged: deps.market.killSwitchEngaged(),
      totals,
      lastRouteFailureAtMs,
      ...(self === undefined ? {} : { self }),
    })
  // Read before this intent is journaled, so it never counts itself. The first check runs on
  // the tick's totals; the last one reads the journal (P-4.2).
  const firstTotals = deps.totals
    ? await deps.totals.read()
    : await readRiskTotals(journal, snapshot.nowMs)
  const verdict = runRiskChecks(
    intent,
    contextOf(firstTotals, await journal.lastFailureMs(route.routeId)),
  )
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
    await journal.recordObservation(
      strategyId,
      { kind: 'decision', verdict, ...summary },
      snapshot.nowMs,
    )
    if (verdict.kind === 'postpone') {
      await journal.recordPostponement({
        strategy: strategyId,
        requestId: route.requestId,
        route: route.routeId,
        reason: verdict.reason,
        detail: verdict.detail,
        untilMs: snapshot.nowMs + verdict.delayMs,
      })
    }
    return
  }
  if (!deps.runner.sending) {
    await journal.recordObservation(strategyId, { kind: 'dryRun', ...summary }, snapshot.nowMs)
    emit({
      type: 'dryRun',
      strategy: strategyId,
      intentId,
      note: 'dry-run: nothing signed (use --live with mode: live to send)',
    })
    return
  }
  // The last check, run by the write-ahead insert of each signed record: the journal's totals
  // as of that commit on SQLite, this intent left out (docs/safety.md P-4.2,
  // docs/architecture.md §5).
  const preSign = createPreSignGuard({
    journal,
    ...(deps.preSignReads === undefined ? {} : { syncReads: deps.preSignReads }),
    nowMs: snapshot.nowMs,
    route: route.routeId,
    check(totals, lastRouteFailureAtMs) {
      const again = runRiskChecks(intent, contextOf(totals, lastRouteFailureAtMs, intentId))
      if (again.kind !== 'accept') throw new RiskRecheckError(again.reason, again.detail)
    },
  })
  await deps.totals?.accepted({
    id: intentId,
    route: route.routeId,
    notionalUsd: intent.notionalUsd,
  })
  try {
    await deps.runner.run({ strategyId, intentId, intent, preSign }, emit)
  } finally {
    await deps.totals?.ran(intentId)
  }
}
