import { describe, expect, test } from 'vitest'
import { toHistoryRows } from '../../../src/cli/format/toHistoryRows.ts'
import { tmpJournal } from './tmpJournal.ts'

/** What handleIntent journals for an intent a dry run accepts. */
function recordDryRun(
  journal: ReturnType<typeof tmpJournal>['journal'],
  intentId: string,
  notionalUsd: number,
  atMs: number,
): void {
  journal.recordObservation(
    'usdc',
    {
      kind: 'dryRun',
      intentId,
      route: 'r1',
      amountIn: 1_000_000n,
      minAmountOut: 990_000n,
      notionalUsd,
      reason: 'below target',
    },
    atMs,
  )
}

describe('dry-run queries', () => {
  test('default: dryRuns reads the dryRun observations newest first, nothing else; totals count the window', () => {
    const { journal, clock } = tmpJournal()
    const t0 = clock.nowMs()
    recordDryRun(journal, 'd1', 10, t0)
    journal.recordObservation('usdc', { kind: 'decision', intentId: 'x', verdict: {} }, t0 + 1)
    recordDryRun(journal, 'd2', 15, t0 + 2)
    expect(journal.dryRuns().map((d) => d.intentId)).toEqual(['d2', 'd1'])
    expect(journal.dryRuns({ limit: 1 })[0]).toEqual({
      intentId: 'd2',
      strategy: 'usdc',
      route: 'r1',
      notionalUsd: 15,
      amountIn: 1_000_000n,
      minAmountOut: 990_000n,
      reason: 'below target',
      observedMs: t0 + 2,
    })
    expect(journal.dryRuns({ intentId: 'd1' }).map((d) => d.intentId)).toEqual(['d1'])
    expect(journal.dryRuns({ intentId: 'x' })).toEqual([])
    expect(journal.dryRunTotals(t0 + 1)).toEqual({ count: 1, notionalUsd: 15 })
    expect(journal.dryRunTotals(t0 + 3)).toEqual({ count: 0, notionalUsd: 0 })
    // Rehearsals are no intents: they count against no limit.
    expect(journal.status().inFlight).toEqual([])
    expect(journal.notionalUsdSince(0)).toEqual([])
  })

  test('behavior: dryRuns of a window (ferry status) holds its dry runs only, newest first, up to the limit', () => {
    const { journal, clock } = tmpJournal()
    const t0 = clock.nowMs()
    recordDryRun(journal, 'before', 1, t0 - 1)
    recordDryRun(journal, 'd1', 2, t0)
    journal.recordObservation('usdc', { kind: 'decision', intentId: 'x', verdict: {} }, t0 + 1)
    recordDryRun(journal, 'd2', 3, t0 + 2)
    recordDryRun(journal, 'd3', 4, t0 + 3)
    const ids = (sinceMs: number, limit?: number) =>
      journal.dryRuns({ sinceMs, ...(limit === undefined ? {} : { limit }) }).map((d) => d.intentId)
    expect(ids(t0)).toEqual(['d3', 'd2', 'd1'])
    expect(ids(t0, 2)).toEqual(['d3', 'd2'])
    expect(ids(t0 + 3)).toEqual(['d3'])
    expect(ids(t0 + 4)).toEqual([])
    expect(ids(0)).toEqual(['d3', 'd2', 'd1', 'before'])
  })

  test('behavior: history rows merge intents and dry runs newest first, marked, up to the limit', () => {
    const { journal, clock } = tmpJournal()
    recordDryRun(journal, 'd-old', 1, clock.nowMs())
    clock.advanceMs(1_000)
    journal.recordIntent({ id: 'i-1', strategy: 'usdc', route: 'r1', params: {}, notionalUsd: 5 })
    clock.advanceMs(1_000)
    recordDryRun(journal, 'd-new', 2, clock.nowMs())
    const intents = journal.history().map((h) => h.intent)
    const rows = toHistoryRows(intents, journal.dryRuns(), 2)
    expect(rows.map((r) => [r.id, r.state, r.dryRun])).toEqual([
      ['d-new', 'dry-run', true],
      ['i-1', 'journaled', undefined],
    ])
  })
})
