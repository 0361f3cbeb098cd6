import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { createIntentLedger } from '../src/execute/createIntentLedger.ts'
import { openJournal } from '../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../src/store/sqlite/toJournalStore.ts'
import { ARB_USDC, BASE_USDC, cannedQuote, OWNER } from './cannedMarket.ts'
import { measure } from './engineTick.bench.ts'
import type { BenchResult } from './run.ts'

/**
 * Rows of the large journal: terminal intents, one a minute back from now (about 23 months of
 * a busy bot), so the last 24 h hold 1 440 of them: what grows is the history, which must not
 * slow a tick. (At one every 5 s, 17 000 in a day, the daily sums of the risk checks cost about
 * 8 ms each whatever the history: that is the day's volume, not the journal's size.)
 */
const ROWS = 1_000_000
const SPACING_MS = 60_000
const ROUTES = 10
const TICKS = 40
/** Goals: tick overhead within 10 % of an empty journal's; `ferry status` under 1 s. */
const MAX_TICK_RATIO = 1.1
const MAX_STATUS_MS = 1_000
const BIN = fileURLToPath(new URL('../bin/ferry.js', import.meta.url))
/** status reads its limits and kill switch from a config: the demo's, with the large journal. */
const DEMO = fileURLToPath(new URL('../config/demo.yaml', import.meta.url))

/**
 * Fills a journal with ROWS completed intents and ROWS refused ones (observations): one real
 * intent journaled by the ledger and one refusal, then copied by SQLite itself (a recursive CTE,
 * one transaction each) with ids and times of their own, so every row is what ferry would have
 * written. The daily caps sum the last 24 h of them on every
 * risk check.
 */
export async function fillJournal(path: string, nowMs: number): Promise<void> {
  const journal = openJournal(path)
  const route = {
    kind: 'crossChain' as const,
    requestId: 'bench:42161->8453',
    routeId: `42161:${ARB_USDC}->8453:${BASE_USDC}`,
    amountIn: 100_000_000n,
    recipient: OWNER,
    srcChainId: 42161 as const,
    srcToken: ARB_USDC,
    dstChainId: 8453 as const,
    dstToken: BASE_USDC,
  }
  const quote = cannedQuote(route, nowMs)
  await createIntentLedger(toJournalStore(journal)).accept({
    intentId: 'template',
    strategyId: 'bench',
    intent: {
      route,
      quote,
      amountIn: route.amountIn,
      minAmountOut: quote.minAmountOut,
      recipient: OWNER,
      notionalUsd: 100,
      reason: 'bench',
    },
  })
  // A refusal as handleIntent journals it: refused and dry-run intents are observations, as
  // many as a busy bot's intents; status reads its dry runs among them.
  const observationId = journal.recordObservation(
    'bench',
    {
      kind: 'decision',
      verdict: { kind: 'reject', reason: 'dailyCapReached', check: 'dailyCap', detail: 'bench' },
      intentId: 'refused',
      route: route.routeId,
      amountIn: route.amountIn,
      minAmountOut: quote.minAmountOut,
      notionalUsd: 100,
      reason: 'bench',
    },
    nowMs,
  )
  journal.close()
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO intents (id, strategy, route, params_json, notional_usd, state, reason, created_ms, updated_ms)
     SELECT 'bulk-' || i, t.strategy, t.route, t.params_json, t.notional_usd, 'completed', 'bench',
            ? - i * ?, ? - i * ? + 60000
     FROM n, intents t WHERE t.id = 'template'`,
  ).run(ROWS, nowMs, SPACING_MS, nowMs, SPACING_MS)
  // Oldest first, as they are journaled: ids grow with time.
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO observations (strategy, data_json, observed_ms)
     SELECT t.strategy, t.data_json, ? - (? + 1 - i) * ? FROM n, observations t WHERE t.id = ?`,
  ).run(ROWS, nowMs, ROWS, SPACING_MS, observationId)
  // The template stays (its decision quote refers to it), ended like the copies.
  db.prepare("UPDATE intents SET state = 'completed' WHERE id = 'template'").run()
  db.close()
}

/** Prints the child's own CPU time (user + system, ms) on stderr as it exits. */
const PRINT_CPU_MS =
  'data:text/javascript,process.on("exit",()=>{const c=process.cpuUsage();process.stderr.write("cpuMs="+(c.user+c.system)/1000+"\\n")})'

/**
 * `ferry status --config demo --journal path --json` run `runs` times: the median wall time, ms
 * (the goal), and the median CPU time of the process, ms, which a loaded machine stretches less.
 */
function statusMs(path: string, runs: number): { wallMs: number; cpuMs: number } {
  const wall: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const result = spawnSync(
      process.execPath,
      ['--import', PRINT_CPU_MS, BIN, 'status', '--config', DEMO, '--journal', path, '--json'],
      { encoding: 'utf8' },
    )
    wall.push(performance.now() - start)
    const cpuMs = /cpuMs=([\d.]+)/.exec(result.stderr)?.[1]
    if (result.status !== 0 || !cpuMs) {
      throw new Error(`ferry status exited ${result.status}: ${result.stderr.slice(-300)}`)
    }
    cpu.push(Number(cpuMs))
  }
  const median = (v: number[]): number => v.sort((a, b) => a - b)[Math.floor(runs / 2)]!
  return { wallMs: median(wall), cpuMs: median(cpu) }
}

/**
 * A large journal: the engine tick (ROUTES routes, the bench world of engineTick.bench) on a
 * journal of ROWS intents against an empty one, measured side by side in this run; and `ferry
 * status` on the large one. Prints both figures beside their goals.
 */
export async function run(): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-large-journal-'))
  const path = join(dir, 'large.sqlite')
  try {
    const startMs = performance.now()
    await fillJournal(path, Date.now())
    const mib = statSync(path).size / 2 ** 20
    console.log(
      `${ROWS} intents and ${ROWS} observations journaled in ${((performance.now() - startMs) / 1000).toFixed(1)} s (${mib.toFixed(0)} MiB)`,
    )
    const empty = await measure(ROUTES, { ticks: TICKS })
    const large = await measure(ROUTES, { journalPath: path, ticks: TICKS })
    const ratio = large.medianUs / empty.medianUs
    console.log(
      `tick, ${ROUTES} routes: empty journal median ${empty.medianUs.toFixed(0)} µs/route, large ${large.medianUs.toFixed(0)} µs/route: ${ratio.toFixed(2)}x (goal <= ${MAX_TICK_RATIO}x)`,
    )
    const { wallMs: status, cpuMs } = statusMs(path, 5)
    console.log(
      `ferry status on the large journal: median ${status.toFixed(0)} ms (goal < ${MAX_STATUS_MS} ms), CPU ${cpuMs.toFixed(0)} ms`,
    )
    return {
      name: `a ${ROWS}-row journal`,
      target: `tick ${ratio.toFixed(2)}x an empty journal's (goal <= ${MAX_TICK_RATIO}x); ferry status ${status.toFixed(0)} ms (goal < ${MAX_STATUS_MS} ms)`,
      met: ratio <= MAX_TICK_RATIO && status < MAX_STATUS_MS,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
