import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openCancelJournal } from '../../../src/cli/openCancelJournal.ts'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { acquireWalletLease } from '../../../src/store/cluster/acquireWalletLease.ts'
import { LeaseHeldError } from '../../../src/store/cluster/LeaseHeldError.ts'
import { releaseWalletLease } from '../../../src/store/cluster/releaseWalletLease.ts'
import { LeaseLostError } from '../../../src/store/contract/LeaseLostError.ts'
import { openPgJournal } from '../../../src/store/pg/openPgJournal.ts'
import { readWalletLease } from '../../../src/store/pg/readWalletLease.ts'
import { type FerryEvent, jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'

// Every command that takes a journal resolves it one way (docs/operations.md §8.5): each is run
// here against the SQLite file and the PostgreSQL database `ferry run` wrote, and must read them.
const DEMO = fileURLToPath(new URL('../../../config/demo.yaml', import.meta.url))
const KEY_ENV = 'JOURNAL_TEST_EVM_KEY'
const postgres = useTestPostgres('every')

let dir: string
let demo: string
let liveConfig: string
let sqlitePath: string
let pgUrl: string
let recordUrl: string
/** A completed intent and its order, per backend, from `ferry run`'s events. */
const written: Record<'sqlite' | 'postgres', { intentId: string; orderId: string }> = {
  sqlite: { intentId: '', orderId: '' },
  postgres: { intentId: '', orderId: '' },
}

const redacted = (url: string): string => url.replace(':ferry-test@', ':***@')

function completedOrder(events: FerryEvent[]): { intentId: string; orderId: string } {
  const done = events.find((e) => e.type === 'terminal' && e.state === 'completed' && e.orderId)
  if (!done) throw new Error(`no completed order in ${JSON.stringify(events.map((e) => e.type))}`)
  return { intentId: String(done.intentId), orderId: String(done.orderId) }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ferry-every-'))
  demo = join(dir, 'demo.yaml')
  copyFileSync(DEMO, demo)
  sqlitePath = join(dir, 'run.sqlite')
  ;[pgUrl, recordUrl] = await Promise.all([postgres.freshDatabase(), postgres.freshDatabase()])
  // One `ferry run --once` per backend, and one `ferry record` into PostgreSQL, side by side.
  // --for counts from the first tick, so the recording holds one however slow the start.
  const [onFile, onPg, recorded] = await Promise.all([
    runFerry(['run', demo, '--once', '--json', '--journal', sqlitePath], {}, 90_000),
    runFerry(['run', demo, '--once', '--json'], { FERRY_JOURNAL_URL: pgUrl }, 90_000),
    runFerry(['record', demo, '--for', '3s', '--json', '--journal', recordUrl], {}, 90_000),
  ])
  for (const run of [onFile, onPg, recorded]) expect(run.code, run.stderr).toBe(0)
  written.sqlite = completedOrder(jsonEvents(onFile.stdout))
  written.postgres = completedOrder(jsonEvents(onPg.stdout))
  // `ferry cancel` sends, so it needs a live config of real-looking chains; it reads the journal
  // before it reaches any of them.
  liveConfig = join(dir, 'live.yaml')
  writeFileSync(
    liveConfig,
    [
      'mode: live',
      'service: { apiUrl: "http://127.0.0.1:9" }',
      'chains:',
      '  42161: { rpcUrls: ["http://127.0.0.1:9"] }',
      '  8453: { rpcUrls: ["http://127.0.0.1:9"] }',
      'wallets:',
      `  evm: { privateKeyEnv: ${KEY_ENV}, address: "${devnetEvmAccount('user').address}" }`,
      '',
    ].join('\n'),
  )
}, 180_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** The ways to name each journal: the flag, and the environment. */
function ways(backend: 'sqlite' | 'postgres'): { args: string[]; env: Record<string, string> }[] {
  return backend === 'sqlite'
    ? [
        { args: ['--journal', sqlitePath], env: {} },
        { args: [], env: { FERRY_JOURNAL: sqlitePath } },
      ]
    : [
        { args: ['--journal', pgUrl], env: {} },
        { args: [], env: { FERRY_JOURNAL_URL: pgUrl } },
      ]
}

describe.each(['sqlite', 'postgres'] as const)(
  'every command reads the %s journal ferry run wrote',
  (backend) => {
    test('behavior: history, status, report, replay and cancel find its intent and order, by flag and by environment', async () => {
      const { intentId, orderId } = written[backend]
      for (const { args, env } of ways(backend)) {
        const history = await runFerryInProcess(['--json', 'history', ...args], env)
        expect(history.stderr).toBe('')
        expect(history.code).toBe(0)
        expect(JSON.parse(history.stdout).map((r: { id: string }) => r.id)).toContain(intentId)

        const status = await runFerryInProcess(['--json', 'status', '--config', demo, ...args], env)
        expect(status.code, status.stderr).toBe(0)
        expect(JSON.parse(status.stdout).journal).not.toContain('ferry-test')

        const report = await runFerryInProcess(['--json', 'report', ...args], env)
        expect(report.code, report.stderr).toBe(0)
        expect(JSON.parse(report.stdout).summary.orders).toBeGreaterThanOrEqual(1)

        const fromArgs = args.length === 0 ? [] : ['--from', args[1]!]
        const replay = await runFerryInProcess(['replay', demo, ...fromArgs, '--json'], env)
        expect(replay.code, replay.stderr).toBe(0)
        expect(JSON.parse(replay.stdout).replays[0].journal.intents).toBeGreaterThanOrEqual(1)

        // The order is found in that journal, then refused as already filled (exit 1): proof it
        // was read; an unknown order names the journal it looked in.
        const keyEnv = { ...env, [KEY_ENV]: devnetEvmAccount('user').privateKey }
        const cancel = await runFerryInProcess(
          ['cancel', orderId, '--config', liveConfig, '--live', ...args],
          keyEnv,
        )
        expect(cancel.code).toBe(1)
        expect(cancel.stderr).toMatch(/its journaled state is (Fulfilled|SentUnlock|ClaimedUnlock)/)
        const unknown = await runFerryInProcess(
          ['cancel', `0x${'ab'.repeat(32)}`, '--config', liveConfig, '--live', ...args],
          keyEnv,
        )
        expect(unknown.code).toBe(2)
        expect(unknown.stderr).toContain(backend === 'sqlite' ? sqlitePath : redacted(pgUrl))
      }
    })
  },
)

describe('the PostgreSQL journal only', () => {
  test('behavior: cluster status and journal.url read it; replay reads what ferry record wrote there', async () => {
    const cluster = await runFerryInProcess(['--json', 'cluster', 'status'], {
      FERRY_JOURNAL_URL: pgUrl,
    })
    expect(cluster.code, cluster.stderr).toBe(0)
    expect(JSON.parse(cluster.stdout)).toHaveProperty('instances')
    // journal.url in the config, as the cluster setup writes it, for the commands given --config.
    const withUrl = join(dir, 'with-url.yaml')
    writeFileSync(withUrl, `journal:\n  url: \${FERRY_TEST_JOURNAL_URL}\n`)
    const env = { FERRY_TEST_JOURNAL_URL: pgUrl }
    for (const args of [['history'], ['status'], ['report']]) {
      const run = await runFerryInProcess(['--json', '--config', withUrl, ...args], env)
      expect(run.code, `${args[0]}: ${run.stderr}`).toBe(0)
      // history and report list the intent; status names the journal it read.
      const read =
        args[0] === 'status' ? `"journal": "${redacted(pgUrl)}"` : written.postgres.intentId
      expect(run.stdout).toContain(read)
    }
    const replay = await runFerryInProcess(['replay', demo, '--from', recordUrl, '--json'])
    expect(replay.code, replay.stderr).toBe(0)
    expect(JSON.parse(replay.stdout).replays[0].quotesFed).toBeGreaterThanOrEqual(1)
  })

  test('behavior: journal migrate copies the SQLite file ferry run wrote; the SQLite-only commands refuse a URL as their file', async () => {
    const target = await postgres.freshDatabase()
    const migrate = await runFerryInProcess(['--json', 'journal', 'migrate'], {
      FERRY_JOURNAL: sqlitePath,
      FERRY_JOURNAL_URL: target,
    })
    expect(migrate.code, migrate.stderr).toBe(0)
    expect(JSON.parse(migrate.stdout).rows).toBeGreaterThan(0)
    const fromUrl = await runFerryInProcess(['journal', 'migrate', '--from', pgUrl, '--to', target])
    expect(fromUrl.code).toBe(2)
    expect(fromUrl.stderr).toContain('--from: names a PostgreSQL database')
    const noCluster = await runFerryInProcess(['cluster', 'status', '--journal', sqlitePath])
    expect(noCluster.code).toBe(2)
  })
})

describe('ferry cancel on the shared journal', () => {
  test('behavior: it takes the destination wallet lease (refused while a run holds it) and every write-ahead insert is fenced by it', async () => {
    const wallet = { chainId: 8453, address: devnetEvmAccount('user').address }
    const other = { chainId: 8453, address: `0x${'77'.repeat(20)}` }
    const run = await openPgJournal(pgUrl, { maxConnections: 1, requireJournal: true })
    const cancel = await openCancelJournal({ kind: 'postgres', url: pgUrl })
    try {
      const held = await acquireWalletLease(run, {
        ...wallet,
        holder: 'ferry-run:x',
        ttlMs: 60_000,
      })
      await expect(
        cancel.holdWallet(wallet.chainId, wallet.address, 60_000),
      ).rejects.toBeInstanceOf(LeaseHeldError)
      await releaseWalletLease(run, { ...wallet, holder: 'ferry-run:x', token: held.token })
      const release = await cancel.holdWallet(wallet.chainId, wallet.address, 60_000)
      const attempt = (from: string, n: number) =>
        cancel.store.recordSignedAttempt({
          chainId: 8453,
          family: 'evm',
          kind: 'cancel',
          from,
          nonce: n,
          attempt: 0,
          rawTx: `0x0${n}`,
          hash: `0x${String(n).repeat(64)}`,
          maxFeePerGas: 1n,
          maxPriorityFeePerGas: 1n,
        })
      expect((await attempt(wallet.address, 1)).hash).toBe(`0x${'1'.repeat(64)}`)
      await expect(attempt(other.address, 2)).rejects.toBeInstanceOf(LeaseLostError)
      await release()
      expect(
        (await readWalletLease(run.db, wallet.chainId, wallet.address.toLowerCase()))?.expiresAtMs,
      ).toBeLessThanOrEqual(Date.now() + 1_000)
      await expect(attempt(wallet.address, 3)).rejects.toBeInstanceOf(LeaseLostError)
    } finally {
      await cancel.close()
      await run.close()
    }
  })
})

describe('read commands never create or migrate a journal', () => {
  test('error: an empty PostgreSQL database stays empty; history, status, report, replay, cluster status and cancel exit 2 saying it holds no journal', async () => {
    const empty = await postgres.freshDatabase()
    const maintenance = new URL(pgUrl)
    maintenance.pathname = '/postgres'
    for (const url of [empty, maintenance.toString()]) {
      const keyEnv = { [KEY_ENV]: devnetEvmAccount('user').privateKey }
      const runs = [
        await runFerryInProcess(['history', '--journal', url]),
        await runFerryInProcess(['status', '--config', demo, '--journal', url]),
        await runFerryInProcess(['report', '--json', '--journal', url]),
        await runFerryInProcess(['replay', demo, '--from', url]),
        await runFerryInProcess(['cluster', 'status', '--journal', url]),
        await runFerryInProcess(
          ['cancel', `0x${'ab'.repeat(32)}`, '--config', liveConfig, '--live', '--journal', url],
          keyEnv,
        ),
      ]
      for (const run of runs) {
        expect(run.code, run.stderr).toBe(2)
        expect(run.stderr).toContain('holds no ferry journal; nothing was created')
        expect(run.stderr).not.toContain('ferry-test')
      }
      const pool = new pg.Pool({ connectionString: url, max: 1 })
      const { rows } = await pool.query(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
      )
      await pool.end()
      expect(rows[0].n).toBe(0)
    }
  })

  test('error: replay --from a zero-byte or an empty SQLite file exits 2 and leaves it as it was', async () => {
    const zero = join(dir, 'zero.sqlite')
    writeFileSync(zero, '')
    const other = join(dir, 'other.sqlite')
    const db = new Database(other)
    db.exec('CREATE TABLE notes (text TEXT)')
    db.close()
    const bytes = readFileSync(other)
    const before = readdirSync(dir).sort()
    for (const file of [zero, other]) {
      const run = await runFerryInProcess(['replay', demo, '--from', file])
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(`${file}: is not a ferry journal`)
    }
    expect(readdirSync(dir).sort()).toEqual(before)
    expect(readFileSync(zero).length).toBe(0)
    expect(readFileSync(other).equals(bytes)).toBe(true)
  })
})
