import { mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { INTERACTIVE_REQUEST_DEADLINE_MS } from '../../../src/cli/cliContext.ts'
import {
  DEFAULT_MAX_FAILED_TICKS,
  DEFAULT_TICK_DEADLINE_MS,
} from '../../../src/engine/createEngine.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'
import { startFixtureServer } from '../../helpers/startFixtureServer.ts'
import {
  ADDRESS,
  closedUrl,
  dir,
  OTHER_KEY,
  runConfig,
  servers,
  USDC_ARB,
  USDC_BASE,
  useBadInputRunWorld,
} from './badInputRunWorld.ts'

useBadInputRunWorld()

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
