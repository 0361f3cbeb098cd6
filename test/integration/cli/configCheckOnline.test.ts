import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import { type FixtureAnswer, startFixtureServer } from '../../helpers/startFixtureServer.ts'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

/** A loopback port nothing listens on: bound, then closed. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

const dir = mkdtempSync(join(tmpdir(), 'ferry-online-check-'))

describe('config check --online: the service, each RPC, key, price feed, journal database and alert host, against the devnet', () => {
  let devnet: Devnet
  let config: string
  const user = devnetEvmAccount('user')
  beforeAll(async () => {
    devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
    config = writeDevnetLiveConfig(devnet, join(dir, 'online.yaml'), { killSwitchFile: 'x.kill' })
  }, 60_000)
  afterAll(async () => {
    await devnet?.stop()
  })
  const rpc = (id: number): string => devnet.evm.find((c) => c.chainId === id)!.rpcUrl
  const host = (url: string): string => new URL(url).host

  test('default: prints what works, then the summary, exit 0', async () => {
    const result = await runFerry(['config', 'check', '--online', config], {
      [DEVNET_KEY_ENV]: user.privateKey,
    })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      `ok  service.apiUrl: ${host(devnet.sim.baseUrl)} answers the orders API (HTTP 400, JSON)`,
    )
    expect(result.stdout).toContain(
      `ok  prices[1].feed: feed 0xde70000000000000000000000000000000000f01 on chain 42161 answers a fresh price`,
    )
    expect(result.stdout).toContain(
      `ok  chains.42161.rpcUrls[0]: ${host(rpc(42161))} is Arbitrum (chain id 42161)`,
    )
    expect(result.stdout).toContain(
      `ok  chains.8453.rpcUrls[0]: ${host(rpc(8453))} is Base (chain id 8453)`,
    )
    expect(result.stdout).toContain(`ok  wallets.evm: the key derives to ${user.address}`)
    expect(result.stdout).toContain(`${config}: valid`)
    expect(result.stdout).not.toContain(user.privateKey.slice(2))
  })

  test('failure: an RPC of another chain and a service that does not answer: exit 2, each named with its fix', async () => {
    const wrong = join(dir, 'online-wrong.yaml')
    writeDevnetLiveConfig(devnet, wrong, { killSwitchFile: 'x.kill' })
    const closedPort = await freePort()
    const text = readFileSync(wrong, 'utf8')
      .replace(`rpcUrls: [${rpc(8453)}]`, `rpcUrls: [${rpc(42161)}]`)
      .replace(`apiUrl: ${devnet.sim.baseUrl}`, `apiUrl: http://127.0.0.1:${closedPort}`)
    writeFileSync(wrong, text)
    const result = await runFerry(['config', 'check', '--online', wrong], {
      [DEVNET_KEY_ENV]: user.privateKey,
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      `chains.8453.rpcUrls[0]: ${host(rpc(42161))} is chain 42161, not Base (8453) (fix: give an RPC of Base under chains.8453)`,
    )
    expect(result.stderr).toContain(
      `service.apiUrl: 127.0.0.1:${closedPort} does not answer (ECONNREFUSED) (fix: check the URL`,
    )
    expect(result.stderr).not.toContain(user.privateKey.slice(2))
    expect(result.stdout).toContain(`ok  chains.42161.rpcUrls[0]: ${host(rpc(42161))} is Arbitrum`)
  })

  /** The online config with `edit` applied to its text; its path. */
  const variant = (name: string, edit: (text: string) => string): string => {
    const path = join(dir, `online-${name}.yaml`)
    writeDevnetLiveConfig(devnet, path, { killSwitchFile: 'x.kill' })
    writeFileSync(path, edit(readFileSync(path, 'utf8')))
    return path
  }
  const check = (path: string, env: Record<string, string> = {}) =>
    runFerry(['config', 'check', '--online', path], { [DEVNET_KEY_ENV]: user.privateKey, ...env })

  const answers: [string, FixtureAnswer, string][] = [
    [
      'a web page (HTTP 200, HTML)',
      { status: 200, headers: { 'content-type': 'text/html' }, rawBody: '<html>hi</html>' },
      "answers /v1.0/net/order/create-tx with HTML (HTTP 200), not the service's JSON",
    ],
    ['HTTP 500', { status: 500, body: { error: 'down' } }, 'fails (HTTP 500)'],
    [
      'HTTP 404',
      { status: 404, body: { error: 'none' } },
      'has no /v1.0/net/order/create-tx (HTTP 404)',
    ],
  ]
  test.each(answers)(
    'failure: a service answering %s is not ok: exit 2, named',
    async (_, answer, problem) => {
      const server = await startFixtureServer(() => answer)
      try {
        const path = variant('service', (t) =>
          t.replace(`apiUrl: ${devnet.sim.baseUrl}`, `apiUrl: ${server.url}`),
        )
        const result = await check(path)
        expect(result.code).toBe(2)
        expect(result.stderr).toContain(`service.apiUrl: ${host(server.url)} ${problem}`)
        expect(result.stdout).not.toContain('ok  service.apiUrl')
      } finally {
        await server.close()
      }
    },
  )

  test('failure: a price feed that does not exist: exit 2, the entry and the feed named', async () => {
    const missing = '0xde70000000000000000000000000000000000f99'
    const path = variant('feed', (t) =>
      t.replace(
        /(chainId: 8453, token: "0x0{40}", feed: \{ address: ")0x[0-9a-f]{40}/,
        `$1${missing}`,
      ),
    )
    const result = await check(path)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(
      new RegExp(
        `prices\\[\\d\\]\\.feed: feed ${missing} on chain 8453 does not answer latestRoundData\\(\\)`,
      ),
    )
    expect(result.stderr).toContain(
      '(fix: give the address of a Chainlink-style USD feed on chain 8453',
    )
  })

  test('failure: an alert destination whose host does not resolve: exit 2, named by its variable, URL not shown', async () => {
    const path = variant(
      'alert',
      (t) => `${t}observe:
  alerts:
    destinations:
      - { format: slack, urlEnv: FERRY_ONLINE_SLACK_URL }
`,
    )
    const result = await check(path, {
      FERRY_ONLINE_SLACK_URL: 'https://no-such-host.invalid/services/T0/B0/s3cr3t-token',
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      'observe.alerts (FERRY_ONLINE_SLACK_URL): the host of the slack URL in FERRY_ONLINE_SLACK_URL does not resolve (ENOTFOUND)',
    )
    expect(result.stderr + result.stdout).not.toContain('s3cr3t-token')
  })

  test('failure: run --live stops at start on an RPC of another chain and a missing feed, naming each, before any tick', async () => {
    const missing = '0xde70000000000000000000000000000000000f99'
    const path = variant('run-peers', (t) =>
      t
        .replace(`rpcUrls: [${rpc(8453)}]`, `rpcUrls: [${rpc(42161)}]`)
        .replace(
          /(chainId: 42161, token: "0x0{40}", feed: \{ address: ")0x[0-9a-f]{40}/,
          `$1${missing}`,
        ),
    )
    const result = await runFerry(
      ['run', path, '--live', '--once', '--json', '--journal', join(dir, 'run-peers.sqlite')],
      { [DEVNET_KEY_ENV]: user.privateKey },
    )
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(
      `chains.8453.rpcUrls[0]: ${host(rpc(42161))} is chain 42161, not Base (8453)`,
    )
    expect(result.stderr).toContain(
      `feed ${missing} on chain 42161 does not answer latestRoundData()`,
    )
  })

  describe('the PostgreSQL journal', () => {
    const postgres = useTestPostgres('online_check')
    const withJournal = () =>
      variant('journal', (t) => `${t}journal:\n  url: \${FERRY_ONLINE_JOURNAL_URL}\n`)

    test('behavior: an empty database this user may create tables in is ok, and is left empty', async () => {
      const url = await postgres.freshDatabase()
      const result = await check(withJournal(), { FERRY_ONLINE_JOURNAL_URL: url })
      expect(result.stderr).toBe('')
      expect(result.code).toBe(0)
      expect(result.stdout).toMatch(
        /ok {2}journal\.url: 127\.0\.0\.1:\d+\/online_check_\d+ is empty; ferry run creates its journal there/,
      )
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      const { rows } = await client.query(
        "select count(*)::int as n from pg_tables where schemaname = 'public'",
      )
      await client.end()
      expect(rows[0].n).toBe(0)
    })

    test('failure: a database holding other tables, and a server that refuses: exit 2, no password shown', async () => {
      const url = await postgres.freshDatabase()
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query('create table invoices (id int)')
      await client.end()
      const other = await check(withJournal(), { FERRY_ONLINE_JOURNAL_URL: url })
      expect(other.code).toBe(2)
      expect(other.stderr).toMatch(
        /journal\.url: 127\.0\.0\.1:\d+\/online_check_\d+ holds 1 table\(s\) but no ferry journal/,
      )
      const closed = await freePort()
      const refused = await check(withJournal(), {
        FERRY_ONLINE_JOURNAL_URL: `postgres://ferry:pw-not-shown@127.0.0.1:${closed}/ferry`,
      })
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain(`journal.url: 127.0.0.1:${closed}/ferry cannot be used (`)
      expect(refused.stderr + refused.stdout).not.toContain('pw-not-shown')
    })
  })
})
