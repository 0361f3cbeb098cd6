import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { rebalanceYaml } from '../../helpers/rebalanceYaml.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import { spawnFerry } from '../../helpers/spawnFerry.ts'
import { type FixtureServer, startFixtureServer } from '../../helpers/startFixtureServer.ts'
import { startJsonRpcStub } from '../../helpers/startJsonRpcStub.ts'
import { devnetPricesYaml } from '../../helpers/writeDevnetLiveConfig.ts'

const HANGS_ON_IMPORT = fileURLToPath(
  new URL('../../fixtures/plugins/hangsOnImport.mjs', import.meta.url),
)
const KEY = `0x${'11'.repeat(32)}`
const ADDRESS = '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A'
/** The stop bound docs/operations.md §5 promises, ms. */
const STOP_MS = 2_000

const dir = mkdtempSync(join(tmpdir(), 'ferry-signals-'))

/** A loopback peer that never answers, and who waits for its next request. */
let peer: FixtureServer
const waiting = new Set<() => void>()
const nextRequest = (): Promise<void> =>
  new Promise((resolve) => {
    waiting.add(resolve)
  })
beforeAll(async () => {
  peer = await startFixtureServer(() => {
    for (const arrived of waiting) arrived()
    waiting.clear()
    return { hang: true }
  })
})
afterAll(async () => {
  await peer?.close()
})

/** A config whose service and RPCs are the hanging peer; `dryRun` leaves out `mode: live`. */
function writeConfig(name: string, extra = '', dryRun = false): string {
  const path = join(dir, `${name}.yaml`)
  writeFileSync(
    path,
    `${dryRun ? '' : 'mode: live\n'}service: { apiUrl: "${peer.url}", retries: 0 }
chains:
  42161: { rpcUrls: ["${peer.url}"], rpcQuorum: 1 }
  8453: { rpcUrls: ["${peer.url}"], rpcQuorum: 1 }
wallets:
  evm: { address: "${ADDRESS}", privateKeyEnv: FERRY_SIGNAL_KEY }
risk: { killSwitchFile: ${join(dir, `${name}.kill`)} }
${devnetPricesYaml()}${extra || rebalanceYaml()}`,
  )
  return path
}

/** Sends `signal` once the peer has a request, and how long the process took to end after it. */
async function stopWhileHanging(args: string[], signal: NodeJS.Signals) {
  const requested = nextRequest()
  const ferry = spawnFerry(args, 30_000, { FERRY_SIGNAL_KEY: KEY, FERRY_TEST_HANG_URL: peer.url })
  await Promise.race([requested, ferry.exited])
  const sentAt = performance.now()
  ferry.kill(signal)
  const exit = await ferry.exited
  return {
    ...exit,
    afterMs: performance.now() - sentAt,
    stderr: ferry.stderr(),
    events: ferry.events,
  }
}

describe('SIGINT and SIGTERM stop ferry within 2 s at every phase, with a peer that never answers', () => {
  test('behavior: during a live start (the RPC probes), SIGTERM exits 143 and says nothing was sent', async () => {
    const config = writeConfig('live-start')
    const stopped = await stopWhileHanging(
      ['run', config, '--live', '--once', '--json', '--journal', join(dir, 'live.sqlite')],
      'SIGTERM',
    )
    expect(stopped.stderr).toContain(
      'ferry: SIGTERM before the run started: stopped, nothing was sent',
    )
    expect(stopped.code).toBe(143)
    expect(stopped.afterMs).toBeLessThan(STOP_MS)
  })

  test('behavior: during config check --online (the service probe), SIGINT ends it at once', async () => {
    const stopped = await stopWhileHanging(
      ['config', 'check', '--online', writeConfig('online')],
      'SIGINT',
    )
    expect(stopped.signal ?? stopped.code).toBe(stopped.signal ? 'SIGINT' : 130)
    expect(stopped.afterMs).toBeLessThan(STOP_MS)
  })

  test('behavior: during a plugin import that never settles, SIGTERM ends it at once', async () => {
    const config = writeConfig('plugin', pluginYaml())
    const stopped = await stopWhileHanging(['config', 'check', config], 'SIGTERM')
    expect(stopped.signal ?? stopped.code).toBe(stopped.signal ? 'SIGTERM' : 143)
    expect(stopped.afterMs).toBeLessThan(STOP_MS)
  })

  test('failure: a plugin import that never settles is bounded: exit 2 naming the file', async () => {
    const config = writeConfig('plugin-bound', pluginYaml())
    const result = await runFerry(['config', 'check', config], {
      FERRY_TEST_HANG_URL: peer.url,
      FERRY_STRATEGY_IMPORT_TIMEOUT_MS: '300',
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      `${HANGS_ON_IMPORT}: did not finish importing within 300 ms (its top-level code never settles)`,
    )
  })

  test('behavior: while ticking (a read or quote the peer never answers), SIGTERM stops the run with exit 0', async () => {
    const config = writeConfig('ticking', '', true)
    const stopped = await stopWhileHanging(
      ['run', config, '--once', '--json', '--journal', join(dir, 'ticking.sqlite')],
      'SIGTERM',
    )
    expect(stopped.code).toBe(0)
    expect(stopped.afterMs).toBeLessThan(STOP_MS)
  })

  test('behavior: while settling what an earlier run left (its signed bytes looked up on the peer), SIGTERM stops the run with exit 0', async () => {
    const journalPath = join(dir, 'settling.sqlite')
    leaveSignedIntent(journalPath)
    const config = writeConfig('settling', '', true)
    const stopped = await stopWhileHanging(
      ['run', config, '--once', '--json', '--journal', journalPath],
      'SIGTERM',
    )
    expect(stopped.stderr).not.toContain('grace period ran out')
    expect(stopped.events.map((e) => e.type)).toContain('reconcile')
    expect(stopped.events.some((e) => e.type === 'tick')).toBe(false)
    expect(stopped.code).toBe(0)
    expect(stopped.afterMs).toBeLessThan(STOP_MS)
    // Nothing was decided on a stop: the intent stays in flight for the next start.
    const journal = openJournal(journalPath, { readonly: true })
    expect(journal.getIntent('left')?.state).toBe('signed')
    journal.close()
  })
})

describe('a service that accepts connections and never answers is named as the service', () => {
  test('failure: a tick with working RPCs reads its balances and blames the quote on the service, not the balances', async () => {
    const rpc = await startJsonRpcStub()
    try {
      // The stub holds 3 000 USDC on each chain: Base's target pulls a move from Arbitrum.
      const wants = rebalanceYaml({
        chains: [
          {
            chainId: 42161,
            token: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
            targetAmount: '1000',
          },
          {
            chainId: 8453,
            token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
            targetAmount: '5000000000',
          },
        ],
      })
      const config = writeConfig('hanging-service', wants, true)
      writeFileSync(
        config,
        readFileSync(config, 'utf8')
          .replace(
            `apiUrl: "${peer.url}", retries: 0`,
            `apiUrl: "${peer.url}", retries: 0, timeoutMs: 300`,
          )
          .replaceAll(`rpcUrls: ["${peer.url}"]`, `rpcUrls: ["${rpc.url}"]`),
      )
      const result = await runFerry(
        ['run', config, '--once', '--json', '--journal', join(dir, 'hanging-service.sqlite')],
        { FERRY_SIGNAL_KEY: KEY },
      )
      const events = result.stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { type: string; error?: string })
      // The RPCs answered: the balances were read, then the quote waited on the service.
      expect(events.some((e) => e.type === 'balances')).toBe(true)
      const end = events.find((e) => e.type === 'tickEnd')
      expect(end?.error).toBe(
        'quote failed: create-tx: no answer within the timeout (300 ms) after 1 attempt(s)',
      )
      expect(result.stdout + result.stderr).not.toContain('balances not read')
      expect(result.code).toBe(1)
    } finally {
      await rpc.close()
    }
  })
})

/** A journal as a run stopped after signing would leave it: one intent with journaled bytes. */
function leaveSignedIntent(path: string): void {
  const journal = openJournal(path)
  journal.recordIntent({ id: 'left', strategy: 'usdc', route: 'r', params: {}, notionalUsd: 10 })
  journal.recordSignedAttempt({
    intentId: 'left',
    chainId: 42161,
    family: 'evm',
    kind: 'order',
    from: ADDRESS,
    nonce: 4,
    attempt: 0,
    rawTx: '0x02f80400',
    hash: `0x${'e4'.repeat(32)}`,
    orderId: `0x${'0d'.repeat(32)}`,
    maxFeePerGas: 30_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  })
  journal.setIntentState('left', 'signed')
  journal.close()
}

function pluginYaml(): string {
  return `strategies:
  - module: ${HANGS_ON_IMPORT}
    id: hangs
    schedule: { intervalMs: 1000 }
    params: {}
`
}
