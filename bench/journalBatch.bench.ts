import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { type Journal, openJournal } from '../src/store/sqlite/openJournal.ts'
import type { BenchResult } from './run.ts'

/** Ticks per run, and the intents each tick journals (each with its decision quote). */
const TICKS = 200
const INTENTS_PER_TICK = 5
const WRITES_PER_TICK = 2 + INTENTS_PER_TICK * 4
/** Goal: grouping a tick's writes at least triples the journal's write rate. */
const MIN_RATIO = 3

/**
 * One tick's writes as the engine makes them when nothing is sent: the tick row, an observation
 * per decision, each accepted intent with its decision quote and its first state change, and a
 * postponement: WRITES_PER_TICK of them.
 */
function tickWrites(journal: Journal, tick: number): void {
  journal.recordTick({ tickMs: tick, strategies: ['bench'], balances: [] })
  for (let i = 0; i < INTENTS_PER_TICK; i++) {
    const id = `bench:${tick}:${i}`
    journal.recordObservation('bench', { kind: 'decision', id, verdict: 'accept' }, tick)
    journal.recordIntent({ id, strategy: 'bench', route: 'r', params: { i }, notionalUsd: 100 })
    journal.recordQuote({ intentId: id, endpoint: 'create-tx', request: { i }, response: { i } })
    journal.setIntentState(id, 'approving')
  }
  journal.recordPostponement({
    strategy: 'bench',
    requestId: `p${tick}`,
    route: 'r',
    reason: 'inFlightBudgetFull',
    detail: 'bench',
    untilMs: tick + 1,
  })
}

/** Journal writes per second over TICKS ticks on a new journal, each tick grouped or not. */
async function writesPerSecond(grouped: boolean): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-journal-batch-'))
  const journal = openJournal(join(dir, 'journal.sqlite'))
  try {
    const startMs = performance.now()
    for (let tick = 1; tick <= TICKS; tick++) {
      if (grouped) await journal.withinBatch(async () => tickWrites(journal, tick))
      else tickWrites(journal, tick)
    }
    return (TICKS * WRITES_PER_TICK) / ((performance.now() - startMs) / 1_000)
  } finally {
    journal.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Journal writes per second, the same tick workload committed write by write (one fsync each,
 * synchronous=FULL) and grouped per tick (`withinBatch`, one fsync per tick), side by side in one
 * run on the same disk.
 */
export async function run(): Promise<BenchResult> {
  // One short warm-up of each, so neither side pays for the first file creation alone.
  await writesPerSecond(false)
  await writesPerSecond(true)
  const alone = await writesPerSecond(false)
  const grouped = await writesPerSecond(true)
  const ratio = grouped / alone
  console.log(
    `${TICKS} ticks of ${WRITES_PER_TICK} writes each (${INTENTS_PER_TICK} intents); journal on disk`,
  )
  console.log('write by write      grouped per tick    ratio')
  console.log(
    `${alone.toFixed(0).padStart(8)} writes/s   ${grouped.toFixed(0).padStart(8)} writes/s   ${ratio.toFixed(1)}x`,
  )
  return {
    name: 'journal writes, grouped per tick vs one commit each',
    target: `${grouped.toFixed(0)} vs ${alone.toFixed(0)} writes/s: ${ratio.toFixed(1)}x (goal >= ${MIN_RATIO}x)`,
    met: ratio >= MIN_RATIO,
  }
}
