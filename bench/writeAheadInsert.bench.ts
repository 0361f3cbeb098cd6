import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { acquireWalletLease } from '../src/store/cluster/acquireWalletLease.ts'
import type { JournalStore, WalletLeaseClaim } from '../src/store/contract/JournalStore.ts'
import { openPgJournal } from '../src/store/pg/openPgJournal.ts'
import { openJournal } from '../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../src/store/sqlite/toJournalStore.ts'
import { startTestPostgres } from '../test/helpers/startTestPostgres.ts'
import type { BenchResult } from './run.ts'

/**
 * Timed inserts per case and per round; rounds interleave the cases, at most MAX_ROUNDS, and no
 * new round starts once ROUNDS_BUDGET_MS have passed, so a loaded machine measures fewer inserts
 * rather than running past a minute (an idle 2-core VM does all 1 000 per case in about 15 s).
 */
const ROUND_INSERTS = 100
const MAX_ROUNDS = 10
const MIN_ROUNDS = 2
const ROUNDS_BUDGET_MS = 35_000
/** Untimed sends per case first, on the same journal. */
const WARMUP = 25
/** Goal: the fenced write-ahead insert on PostgreSQL over loopback, p95, ms. */
const MAX_PG_P95_MS = 10

const CHAIN_ID = 42161
const FROM = '0x00000000000000000000000000000000000000Be'
const LEASE_TTL_MS = 600_000
/** About the size of a signed DLN order transaction with its calldata (1 KB). */
const RAW_TX_BODY = 'ab'.repeat(1_024)

type Figures = { p50Ms: number; p95Ms: number; p99Ms: number; meanMs: number }

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!
}

function figuresOf(samplesMs: number[]): Figures {
  const sorted = [...samplesMs].sort((a, b) => a - b)
  return {
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    meanMs: sorted.reduce((total, v) => total + v, 0) / sorted.length,
  }
}

/** The signed order of intent `id` at `nonce`: a fresh nonce each, so none is `replaced`. */
function attemptOf(id: string, nonce: number, lease: WalletLeaseClaim | undefined) {
  const tag = nonce.toString(16).padStart(8, '0')
  return {
    intentId: id,
    chainId: CHAIN_ID,
    family: 'evm' as const,
    kind: 'order' as const,
    from: FROM,
    nonce,
    attempt: 0,
    rawTx: `0x02f9${tag}${RAW_TX_BODY}` as const,
    hash: `0x${tag.padStart(64, 'e')}`,
    orderId: `0x${tag.padStart(64, '0d')}` as const,
    maxFeePerGas: 30_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    lease,
  }
}

/** One send outside a tick: the intent committed first, then the timed write-ahead insert. */
async function alone(store: JournalStore, n: number, lease?: WalletLeaseClaim): Promise<number> {
  const id = `bench:${n}`
  await store.recordIntent({ id, strategy: 'bench', route: 'r', params: { n }, notionalUsd: 100 })
  const startMs = performance.now()
  await store.recordSignedAttempt(attemptOf(id, n, lease))
  return performance.now() - startMs
}

/**
 * One send inside a tick, as the engine makes it: the tick row, the decision, the intent with its
 * decision quote and its first state change are grouped, then the timed write-ahead insert commits
 * that group and its own row; the broadcast mark joins the next group, committed at the scope's
 * end.
 */
async function inTick(store: JournalStore, n: number, lease?: WalletLeaseClaim): Promise<number> {
  return store.withinBatch(async () => {
    const id = `bench:${n}`
    await store.recordTick({ tickMs: n, strategies: ['bench'], balances: [] })
    await store.recordObservation('bench', { kind: 'decision', id, verdict: 'accept' }, n)
    await store.recordIntent({ id, strategy: 'bench', route: 'r', params: { n }, notionalUsd: 100 })
    await store.recordQuote({
      intentId: id,
      endpoint: 'create-tx',
      request: { n },
      response: { n },
    })
    await store.setIntentState(id, 'approving')
    const attempt = attemptOf(id, n, lease)
    const startMs = performance.now()
    await store.recordSignedAttempt(attempt)
    const ms = performance.now() - startMs
    await store.setAttemptState(attempt.hash, 'broadcast')
    return ms
  })
}

type Step = (store: JournalStore, n: number, lease?: WalletLeaseClaim) => Promise<number>

/** One measured case: its journal, how it sends, its next nonce and its timed inserts, ms. */
type Case = {
  label: string
  store: JournalStore
  step: Step
  lease?: WalletLeaseClaim
  nonce: number
  samplesMs: number[]
}

/**
 * WARMUP untimed sends per case, then rounds in which each case in turn makes ROUND_INSERTS
 * timed ones, so the other load of the machine falls on all cases alike. Returns the rounds run.
 */
async function measureSideBySide(cases: Case[]): Promise<number> {
  for (const c of cases) {
    for (let i = 0; i < WARMUP; i++) await c.step(c.store, c.nonce++, c.lease)
  }
  const startMs = performance.now()
  let rounds = 0
  while (
    rounds < MIN_ROUNDS ||
    (rounds < MAX_ROUNDS && performance.now() - startMs < ROUNDS_BUDGET_MS)
  ) {
    for (const c of cases) {
      for (let i = 0; i < ROUND_INSERTS; i++) {
        c.samplesMs.push(await c.step(c.store, c.nonce++, c.lease))
      }
    }
    rounds++
  }
  return rounds
}

/** The four cases' figures and the settings durability rests on, read back from each database. */
type Measured = {
  figures: Map<string, Figures>
  rounds: number
  sqliteSetting: string
  pgSetting: string
}

/**
 * SQLite as ferry opens it (WAL, synchronous=FULL) on a temp file, and an embedded PostgreSQL on
 * loopback with its durability defaults (a commit returns once its WAL is flushed), its journal
 * over a pool and the wallet's lease held: each alone and in ticks. The server is stopped and
 * both journals removed at the end.
 */
async function measureBoth(): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-write-ahead-'))
  const journal = openJournal(join(dir, 'journal.sqlite'))
  const sqlite = toJournalStore(journal)
  try {
    const server = await startTestPostgres({ durable: true })
    try {
      const pg = await openPgJournal(server.url)
      try {
        const { rows } = await sql<{ setting: string }>`
          SELECT string_agg(name || '=' || setting, ', ' ORDER BY name) AS setting
          FROM pg_settings
          WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method')`.execute(pg.db)
        const held = await acquireWalletLease(pg, {
          chainId: CHAIN_ID,
          address: FROM,
          holder: 'bench',
          ttlMs: LEASE_TTL_MS,
        })
        const lease = { holder: 'bench', token: held.token }
        // Alone and in ticks send from one wallet on each journal: nonces far apart.
        const cases: Case[] = [
          { label: 'SQLite, alone', store: sqlite, step: alone, nonce: 0, samplesMs: [] },
          {
            label: 'PostgreSQL fenced, alone',
            store: pg,
            step: alone,
            lease,
            nonce: 0,
            samplesMs: [],
          },
          {
            label: 'SQLite, in a tick batch',
            store: sqlite,
            step: inTick,
            nonce: 1e6,
            samplesMs: [],
          },
          {
            label: 'PostgreSQL fenced, in a tick batch',
            store: pg,
            step: inTick,
            lease,
            nonce: 1e6,
            samplesMs: [],
          },
        ]
        const rounds = await measureSideBySide(cases)
        const { journalMode, synchronous } = journal.pragmas()
        return {
          figures: new Map(cases.map((c) => [c.label, figuresOf(c.samplesMs)])),
          rounds,
          sqliteSetting: `journal_mode=${journalMode}, synchronous=${synchronous} (2 = FULL)`,
          pgSetting: rows[0]?.setting ?? 'unknown',
        }
      } finally {
        await pg.close()
      }
    } finally {
      await server.stop()
    }
  } finally {
    await sqlite.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const ms = (value: number): string => value.toFixed(2).padStart(7)

/**
 * Latency of the write-ahead insert of a signed attempt (`recordSignedAttempt`, the intent
 * journaled first, as the sender does), p50/p95/p99 and mean in ms over up to 1 000 inserts each, on
 * SQLite (synchronous=FULL, temp file) and on PostgreSQL (embedded, loopback, fsync on, fenced by
 * the wallet's lease), each alone and inside a tick's `withinBatch`, side by side in one run on
 * the same disk. Goal: PostgreSQL's fenced insert p95 <= MAX_PG_P95_MS, with its ratio to SQLite.
 */
export async function run(): Promise<BenchResult[]> {
  const startMs = performance.now()
  const loadBefore = loadavg()[0]!
  const { figures, rounds, sqliteSetting, pgSetting } = await measureBoth()
  const of = (label: string): Figures => figures.get(label)!
  const elapsedS = (performance.now() - startMs) / 1_000
  console.log(
    `${rounds * ROUND_INSERTS} inserts per case (${rounds} interleaved rounds, after ${WARMUP} ` +
      `warm-up); journals in ${tmpdir()}; ${elapsedS.toFixed(0)} s in all`,
  )
  // The figures follow the machine's other load (fsync waits and the server's CPU): said beside.
  console.log(
    `load average (1 min): ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after, ` +
      `${availableParallelism()} cores`,
  )
  console.log(`SQLite:     ${sqliteSetting}`)
  console.log(`PostgreSQL: ${pgSetting}; loopback; pool of 10`)
  console.log(`${'ms'.padEnd(34)}    p50    p95    p99   mean`)
  for (const [label, f] of figures) {
    console.log(`${label.padEnd(34)}${ms(f.p50Ms)}${ms(f.p95Ms)}${ms(f.p99Ms)}${ms(f.meanMs)}`)
  }
  const pgAlone = of('PostgreSQL fenced, alone')
  const pgTick = of('PostgreSQL fenced, in a tick batch')
  const ratioAlone = pgAlone.p95Ms / of('SQLite, alone').p95Ms
  const ratioTick = pgTick.p95Ms / of('SQLite, in a tick batch').p95Ms
  console.log(
    `PostgreSQL / SQLite, p95: ${ratioAlone.toFixed(1)}x alone, ${ratioTick.toFixed(1)}x in a tick batch`,
  )
  console.log(`goal: PostgreSQL fenced insert p95 <= ${MAX_PG_P95_MS} ms on loopback`)
  const target = (f: Figures, ratio: number) =>
    `p95 ${f.p95Ms.toFixed(2)} ms (goal <= ${MAX_PG_P95_MS} ms), ${ratio.toFixed(1)}x SQLite's`
  return [
    {
      name: 'write-ahead insert on PostgreSQL, fenced, alone',
      target: target(pgAlone, ratioAlone),
      met: pgAlone.p95Ms <= MAX_PG_P95_MS,
    },
    {
      name: 'write-ahead insert on PostgreSQL, fenced, in a tick batch (commits the group first)',
      target: target(pgTick, ratioTick),
      met: pgTick.p95Ms <= MAX_PG_P95_MS,
    },
  ]
}
