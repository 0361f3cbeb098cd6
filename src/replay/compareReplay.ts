import type { ReplayRow, ReplaySection, ReplayTotals } from '../report/replaySectionTypes.ts'
import type { ActualIntent, ReplayRun } from './replayTypes.ts'

const NOT_MOVED: readonly string[] = ['failed', 'cancelled']

/**
 * Sets a replay beside the journal: one row per intent either side made (matched by id; a replay
 * refusal shows where the journal made that intent), the totals of each side in USD at the
 * recorded prices, and their difference. Rows by time, then id. Pure.
 */
export function compareReplay(params: {
  label: string
  run: ReplayRun
  actual: readonly ActualIntent[]
  fromMs: number | undefined
  toMs: number | undefined
}): ReplaySection {
  const { run, actual } = params
  const rows = new Map<string, ReplayRow>()
  const journalIds = new Set(actual.map((a) => a.intentId))
  const refusals = new Map<string, number>()
  const replay = { intents: 0, movedUsd: 0, costsUsd: 0, refused: 0, postponed: 0 }
  for (const d of run.decisions) {
    if (d.verdict === 'accept') {
      replay.intents++
      replay.movedUsd += d.notionalUsd
      replay.costsUsd += finite(d.costUsd)
    } else if (d.verdict === 'reject') {
      replay.refused++
      const reason = d.reason ?? 'unknown'
      refusals.set(reason, (refusals.get(reason) ?? 0) + 1)
    } else replay.postponed++
    if (d.verdict !== 'accept' && !journalIds.has(d.intentId)) continue
    rows.set(d.intentId, {
      intentId: d.intentId,
      strategy: d.strategy,
      route: d.route,
      atMs: d.atMs,
      replay: {
        verdict: d.verdict,
        reason: d.reason,
        notionalUsd: d.notionalUsd,
        costUsd: d.costUsd,
        costBps: d.costBps,
      },
      journal: undefined,
    })
  }
  const journal: ReplayTotals = { intents: 0, movedUsd: 0, costsUsd: 0 }
  let same = 0
  for (const a of actual) {
    journal.intents++
    if (!NOT_MOVED.includes(a.outcome)) {
      journal.movedUsd += a.notionalUsd
      journal.costsUsd += finite(a.costUsd)
    }
    const side = { outcome: a.outcome, notionalUsd: a.notionalUsd, costUsd: a.costUsd }
    const row = rows.get(a.intentId)
    if (row) {
      row.journal = side
      if (row.replay?.verdict === 'accept') same++
    } else {
      rows.set(a.intentId, {
        intentId: a.intentId,
        strategy: a.strategy,
        route: a.route,
        atMs: a.atMs,
        replay: undefined,
        journal: side,
      })
    }
  }
  return {
    label: params.label,
    mode: run.mode,
    fromMs: params.fromMs,
    toMs: params.toMs,
    ticks: run.ticks,
    quotesFed: run.quotesFed,
    quotesMissing: run.quotesMissing,
    replay,
    journal,
    difference: {
      intents: replay.intents - journal.intents,
      movedUsd: replay.movedUsd - journal.movedUsd,
      costsUsd: replay.costsUsd - journal.costsUsd,
    },
    same,
    refusals: [...refusals]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1)),
    rows: [...rows.values()].sort((a, b) => a.atMs - b.atMs || (a.intentId < b.intentId ? -1 : 1)),
  }
}

function finite(usd: number | undefined): number {
  return usd !== undefined && Number.isFinite(usd) ? usd : 0
}
