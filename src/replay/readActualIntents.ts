import type { JournalActivity } from '../store/sqlite/createJournalQueries.ts'
import type { ActualIntent, ActualOutcome, RecordedQuote } from './replayTypes.ts'

type DryRunSummary = {
  kind: 'dryRun'
  intentId: string
  route: string
  amountIn: bigint
  notionalUsd: number
}

/**
 * What the journal did in a window: every intent it sent (its state, its decision quote's cost,
 * its fill delay: from its tick to its order's fill, or to a swap's end) and every intent a dry run
 * accepted (its cost from the recorded quote it was decided on). Sorted by time, then id. Pure.
 */
export function readActualIntents(
  activity: JournalActivity,
  quotes: readonly RecordedQuote[],
  untilMs: number,
): ActualIntent[] {
  const out: ActualIntent[] = []
  for (const h of activity.intents) {
    const i = h.intent
    if (i.createdMs >= untilMs) continue
    const p = i.params as { amountIn?: unknown } | undefined
    const decision = h.quotes[0]?.response as
      | { amountInUsd?: number | null; costBps?: number | null }
      | undefined
    const costUsd =
      typeof decision?.amountInUsd === 'number' && typeof decision.costBps === 'number'
        ? (decision.amountInUsd * decision.costBps) / 10_000
        : undefined
    const filledMs = h.orders.find((o) => o.filledAmount !== undefined)?.updatedMs
    const swapDone = h.orders.length === 0 && i.state === 'completed' ? i.updatedMs : undefined
    const endMs = filledMs ?? swapDone
    // The tick the intent was decided in (the end of its id), as a replay sees it.
    const tickMs = Number(i.id.slice(i.id.lastIndexOf(':') + 1))
    const atMs = Number.isSafeInteger(tickMs) && tickMs > 0 ? tickMs : i.createdMs
    out.push({
      intentId: i.id,
      strategy: i.strategy,
      route: i.route,
      atMs,
      amountIn: typeof p?.amountIn === 'bigint' ? p.amountIn : 0n,
      notionalUsd: i.notionalUsd,
      costUsd,
      outcome: i.state as ActualOutcome,
      fillDelayMs: endMs === undefined ? undefined : Math.max(0, endMs - atMs),
    })
  }
  const recorded = new Map(
    quotes.map((q) => [`${q.strategy}:${q.quote.request.requestId}:${q.tickMs}`, q.quote]),
  )
  for (const o of activity.observations) {
    const d = o.data as Partial<DryRunSummary> | undefined
    if (d?.kind !== 'dryRun' || typeof d.intentId !== 'string' || o.observedMs >= untilMs) continue
    const quote = recorded.get(d.intentId)
    out.push({
      intentId: d.intentId,
      strategy: o.strategy,
      route: String(d.route),
      atMs: o.observedMs,
      amountIn: typeof d.amountIn === 'bigint' ? d.amountIn : 0n,
      notionalUsd: typeof d.notionalUsd === 'number' ? d.notionalUsd : 0,
      costUsd: quote && (quote.amountInUsd * quote.costBps) / 10_000,
      outcome: 'dryRun',
      fillDelayMs: undefined,
    })
  }
  return out.sort((a, b) => a.atMs - b.atMs || (a.intentId < b.intentId ? -1 : 1))
}
