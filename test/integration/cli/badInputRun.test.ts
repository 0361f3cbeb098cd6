import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { INTERACTIVE_REQUEST_DEADLINE_MS } from '../../../src/cli/cliContext.ts'
import {
  DEFAULT_MAX_FAILED_TICKS,
  DEFAULT_TICK_DEADLINE_MS,
} from '../../../src/engine/createEngine.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { rebalanceYaml } from '../../helpers/rebalanceYaml.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'
import { spawnFerry } from '../../helpers/spawnFerry.ts'
import { type FixtureServer, startFixtureServer } from '../../helpers/startFixtureServer.ts'
import { startJsonRpcStub } from '../../helpers/startJsonRpcStub.ts'

const dir = mkdtempSync(join(tmpdir(), 'ferry-bad-input-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const servers: FixtureServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
/** anvil's first account: the configured wallet. */
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** anvil's second account's key: a valid key of someone else. */
const OTHER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

let files = 0
/** Writes a config file in the test's folder and returns its path. */
function writeConfig(text: string): string {
  const path = join(dir, `config-${++files}.yaml`)
  writeFileSync(path, text)
  return path
}

/** A URL where nothing listens: a fixture server's port, closed again. */
async function closedUrl(): Promise<string> {
  const server = await startFixtureServer(() => ({}))
  await server.close()
  return server.url
}

const STRATEGY = rebalanceYaml({
  chains: [
    { chainId: 42161, token: USDC_ARB, targetAmount: '1000000000' },
    { chainId: 8453, token: USDC_BASE, targetAmount: '5000000000' },
  ],
  maxCostBps: 500,
  minMoveAmount: '1000000',
  maxMoveAmount: undefined,
})

/** A config for real networks at `apiUrl` and `rpcUrl` (both chains), one rebalance that wants to move. */
function runConfig(o: { apiUrl: string; rpcUrl: string; live?: boolean; strategies?: string }) {
  return writeConfig(`mode: ${o.live ? 'live' : 'dry-run'}
service:
  apiUrl: ${o.apiUrl}
  statsUrl: ${o.apiUrl}
chains:
  42161: { rpcUrls: ["${o.rpcUrl}"], confirmations: 1 }
  8453: { rpcUrls: ["${o.rpcUrl}"], confirmations: 1 }
wallets:
  evm: { privateKeyEnv: FERRY_TEST_KEY, address: "${ADDRESS}" }
risk:
  killSwitchFile: ${join(dir, 'stop.kill')}
prices:
  - { chainId: 42161, token: "${USDC_ARB}", usd: 1 }
  - { chainId: 8453, token: "${USDC_BASE}", usd: 1 }
  - { chainId: 42161, token: "0x0000000000000000000000000000000000000000", usd: 3000 }
  - { chainId: 8453, token: "0x0000000000000000000000000000000000000000", usd: 3000 }
${o.strategies ?? STRATEGY}`)
}

const journalArg = (): string[] => ['--journal', join(dir, `journal-${++files}.sqlite`)]

type Case = {
  name: string
  args: () => Promise<string[]>
  env?: Record<string, string>
  code: 1 | 2
  /** The subject the first line names (a flag, a variable, a config key, a URL's host). */
  subject: string | (() => string)
  /** Text of the fix. */
  fix: string
}

const quoteArgs = [
  'quote',
  '--src-chain',
  '42161',
  '--token-in',
  USDC_ARB,
  '--amount',
  '1000000',
  '--dst-chain',
  '8453',
  '--token-out',
  USDC_BASE,
]

let lastHost = ''
/** Remembers the host of `url` for the case's subject. */
const withHost = (url: string): string => {
  lastHost = new URL(url).host
  return url
}

// Each case runs in-process through runCli: the exit code and the output are the binary's own.
const inProcess: Case[] = [
  {
    name: 'run --ticks 0 is a usage error, before anything starts',
    args: async () => [
      'run',
      runConfig({ apiUrl: await closedUrl(), rpcUrl: await closedUrl() }),
      '--ticks',
      '0',
    ],
    code: 2,
    subject: "'--ticks <n>'",
    fix: 'expected a positive integer',
  },
  {
    name: 'a run with no strategy refuses to start',
    args: async () => [
      'run',
      runConfig({
        apiUrl: await closedUrl(),
        rpcUrl: await closedUrl(),
        strategies: 'strategies: []\n',
      }),
    ],
    code: 2,
    subject: 'strategies: no strategy to run',
    fix: 'fix: add a strategies entry',
  },
  {
    name: 'a malformed key names its variable and the fix',
    args: async () => [
      'run',
      runConfig({ apiUrl: await closedUrl(), rpcUrl: await closedUrl(), live: true }),
      '--live',
    ],
    env: { FERRY_TEST_KEY: '0x1234' },
    code: 2,
    subject: 'wallets.evm: FERRY_TEST_KEY: is not 32 bytes of hex (value not shown)',
    fix: 'export FERRY_TEST_KEY=<64 hex digits, with or without 0x>',
  },
  {
    name: "someone else's key keeps the fix and the configured vs derived address",
    args: async () => [
      'run',
      runConfig({ apiUrl: await closedUrl(), rpcUrl: await closedUrl(), live: true }),
      '--live',
    ],
    env: { FERRY_TEST_KEY: OTHER_KEY },
    code: 2,
    subject: `wallets.evm.address: the EVM key does not derive to the configured address (configured: ${ADDRESS}, derived: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8)`,
    fix: 'fix: give the key of the configured address',
  },
  {
    name: 'a blocked port is answered at once, naming the host and the URL setting',
    args: async () => [...quoteArgs, '--api-url', withHost(await closedUrl())],
    code: 1,
    subject: () =>
      `${lastHost}: nothing listens there (connection refused) (ECONNREFUSED) after 1 attempt(s)`,
    fix: 'fix: check the service URL (--api-url, FERRY_API_URL or service.apiUrl)',
  },
  {
    name: 'a bad env value is blamed on its variable, not the flag',
    args: async () => quoteArgs,
    env: { FERRY_API_URL: ':::' },
    code: 2,
    subject: 'FERRY_API_URL: ":::" is not an http(s) URL',
    fix: 'give a URL like',
  },
  {
    name: "inspect --solana-tx '' is a usage error like --data ''",
    args: async () => ['inspect', '--solana-tx', ''],
    code: 2,
    subject: '--solana-tx: is empty',
    fix: 'fix: give the serialized transaction as hex',
  },
]

describe('bad input gets exit code, subject and fix (in-process)', () => {
  test.each(inProcess)('$name', async (c) => {
    const result = await runFerryInProcess(await c.args(), c.env ?? {})
    expect(result.code, result.stderr).toBe(c.code)
    expect(result.stderr).toContain(typeof c.subject === 'string' ? c.subject : c.subject())
    expect(result.stderr).toContain(c.fix)
    expect(result.stderr).not.toMatch(/^\s+at /m)
  })

  test('report --out at a folder exits 2 and leaves no *.tmp behind', async () => {
    const journalPath = join(dir, 'report-journal.sqlite')
    openJournal(journalPath).close()
    const out = join(dir, 'a-folder')
    mkdirSync(out)
    const result = await runFerryInProcess(['report', '--journal', journalPath, '--out', out])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`--out: ${out} is a folder`)
    expect(result.stderr).toContain(`fix: give a file path, e.g. --out ${join(out, 'report.html')}`)
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
    expect(readdirSync(out)).toEqual([])
  })

  test('a hanging service is bounded: quote answers within seconds with the timeout and the fix', async () => {
    const hanging = await startFixtureServer(() => ({ hang: true }))
    servers.push(hanging)
    const result = await runFerryInProcess([...quoteArgs, '--api-url', hanging.url])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      `create-tx: no answer within the timeout (${INTERACTIVE_REQUEST_DEADLINE_MS} ms for the request and its retries)`,
    )
    expect(result.stderr).toContain('fix: check that the service answers, or raise --timeout-ms')
  })

  test('a lying service (a 200 answer that fails its schema) is named, not retried', async () => {
    const lying = await startFixtureServer(() => ({ body: { estimation: 'not a quote', tx: 42 } }))
    servers.push(lying)
    const result = await runFerryInProcess([...quoteArgs, '--api-url', lying.url])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^ferry: create-tx: /)
    expect(lying.requests).toHaveLength(1)
  })

  test('help: status, history, report and kill list --config and --json; swap-quote marks required flags; run documents its defaults', async () => {
    for (const command of ['status', 'history', 'report', 'kill']) {
      const { stdout } = await runFerryInProcess([command, '--help'])
      expect(stdout, command).toContain('--config <file>')
      expect(stdout, command).toContain('--json')
    }
    const swap = await runFerryInProcess(['swap-quote', '--help'])
    expect(swap.stdout).toMatch(/--chain <id> +chain id \(required\)/)
    const run = await runFerryInProcess(['run', '--help'])
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(`(default ${DEFAULT_MAX_FAILED_TICKS})`)
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(`(default ${DEFAULT_TICK_DEADLINE_MS})`)
    expect(run.stdout).toContain('A second Ctrl-C exits at once')
  })
})

describe('ferry run against a world that fails (the real binary)', () => {
  test('an unreachable RPC: exit 1, naming the chain and the RPC host, without the key in its path or a library dump', async () => {
    const rpc = `${await closedUrl()}/v2/SECRETPROVIDERKEY123`
    const config = runConfig({ apiUrl: await closedUrl(), rpcUrl: rpc })
    const result = await runFerry(['run', config, '--ticks', '2', '--json', ...journalArg()])
    expect(result.code, result.stderr).toBe(1)
    const host = new URL(rpc).host
    expect(result.stderr).toContain(
      'ferry: the last 2 tick(s) all failed; the last: balances not read: chain ',
    )
    expect(result.stderr).toMatch(
      new RegExp(`chain (42161 \\(Arbitrum\\)|8453 \\(Base\\)): RPC ${host} failed`),
    )
    expect(result.stderr).toContain('fix: see the errors of the ticks above')
    const all = result.stdout + result.stderr
    expect(all).not.toContain('SECRETPROVIDERKEY123')
    expect(all).not.toMatch(/Raw Call Arguments|Docs: |Version: viem/)
    expect(all).not.toContain('no snapshot')
    const ends = result.stdout.split('\n').filter((l) => l.includes('"tickEnd"'))
    expect(ends).toHaveLength(2)
  })

  test('the service down: every quote fails, the ticks fail, and the run exits 1 after --max-failed-ticks', async () => {
    const rpc = await startJsonRpcStub()
    servers.push(rpc)
    const config = runConfig({ apiUrl: await closedUrl(), rpcUrl: rpc.url })
    const result = await runFerry([
      'run',
      config,
      '--max-failed-ticks',
      '2',
      '--json',
      ...journalArg(),
    ])
    expect(result.code, result.stderr).toBe(1)
    const events = result.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { type: string; failures?: number; error?: string })
    expect(events.filter((e) => e.type === 'quoteFailed').length).toBeGreaterThanOrEqual(2)
    const ends = events.filter((e) => e.type === 'tickEnd')
    expect(ends.map((e) => e.failures)).toEqual([1, 1])
    expect(ends[0]?.error).toMatch(/^quote failed: create-tx: network error: .*ECONNREFUSED/)
    expect(result.stderr).toContain(
      'ferry: the last 2 tick(s) all failed; the last: quote failed: create-tx',
    )
  })

  test('SIGINT during a hanging quote: exits within 2 s, saying what is in flight and that a restart reconciles it', async () => {
    const rpc = await startJsonRpcStub()
    servers.push(rpc)
    let quoteArrived: () => void = () => {}
    const arrived = new Promise<void>((resolve) => {
      quoteArrived = resolve
    })
    const service = await startFixtureServer((req) => {
      // Native prices get a quick refusal; the route's quote hangs.
      if (req.url.pathname.includes('chain/transaction'))
        return { status: 400, body: { errorId: 'INVALID_QUERY_PARAMETERS', errorCode: 2 } }
      quoteArrived()
      return { hang: true }
    })
    servers.push(service)
    const config = runConfig({ apiUrl: service.url, rpcUrl: rpc.url })
    const ferry = spawnFerry(['run', config, '--json', ...journalArg()], 30_000)
    await Promise.race([
      arrived,
      ferry.exited.then(() => {
        throw new Error(`ferry exited before its quote reached the service\n${ferry.stderr()}`)
      }),
    ])
    const sentAt = performance.now()
    ferry.kill('SIGINT')
    const { code } = await ferry.exited
    const tookMs = performance.now() - sentAt
    expect(code, ferry.stderr()).toBe(0)
    expect(tookMs).toBeLessThan(2_000)
    expect(ferry.stderr()).toContain('ferry: SIGINT: stopping')
    expect(ferry.stderr()).toContain('ferry: stopped; pending service and RPC calls were aborted')
    expect(ferry.stderr()).toContain('nothing is in flight')
  })
})
