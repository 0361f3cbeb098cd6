import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  externalCallProcessExample,
  ORDER_ID,
  referralLeaderboardExample,
  swapQuoteExample,
  walletLeaderboardExample,
} from '../../fixtures/api/responses.ts'
import { createTxJsonExample } from '../../fixtures/conformance/createTxJsonExample.ts'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'
import { type FixtureServer, startFixtureServer } from '../../helpers/startFixtureServer.ts'

const user = '0x55A8f5cce1d53D9Ff84EC0962882b447E5914dB8'
const quoteArgs = [
  'quote',
  '--src-chain',
  '42161',
  '--token-in',
  '0x912ce59144191c1204e64559fe8253a0e49e6548',
  '--amount',
  '1000000000000000000000',
  '--dst-chain',
  '137',
  '--token-out',
  '0x0000000000000000000000000000000000000000',
  '--dst-chain-token-out-amount',
  'auto',
  '--prepend-operating-expenses',
  '--referral-code',
  '31805',
]
const buildArgs = [
  '--dst-chain-token-out-recipient',
  user,
  '--src-chain-order-authority-address',
  user,
  '--dst-chain-order-authority-address',
  user,
]

let service: FixtureServer
let url: string

beforeAll(async () => {
  service = await startFixtureServer((req) => {
    const path = req.url.pathname
    if (path === '/v1.0/net/order/create-tx') {
      if (req.url.searchParams.get('dstChainTokenOutRecipient'))
        return { body: createTxJsonExample }
      const { tx: _tx, orderId: _id, ...quoteOnly } = createTxJsonExample
      return { body: quoteOnly }
    }
    if (path === '/v1.0/chain/transaction') return { body: swapQuoteExample }
    if (path === `/api/Orders/${ORDER_ID}/externalCallProcess`)
      return { body: externalCallProcessExample }
    if (path === '/api/Users/usersLeaderboard') return { body: walletLeaderboardExample }
    if (path === '/api/Users/referralProgramLeaderboard')
      return { body: referralLeaderboardExample }
    return {
      status: 404,
      body: { errorCode: 15, errorId: 'UNKNOWN_ORDER', errorMessage: 'Order not found.' },
    }
  })
  url = service.url
})

afterAll(async () => {
  await service.close()
})

describe('ferry read commands against a loopback service', () => {
  test('default: quote prints the summary and exits 0; the query carries every flag', async () => {
    const run = await runFerryInProcess([...quoteArgs, ...buildArgs, '--api-url', url])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Cross-chain order Arbitrum (42161) → Polygon (137)')
    expect(run.stdout).toContain('1000.097362178910640486 ARB')
    expect(run.stdout).toContain('Transaction built')
    const query = service.requests.at(-1)!.url.searchParams
    expect(query.get('prependOperatingExpenses')).toBe('true')
    expect(query.get('referralCode')).toBe('31805')
    expect(query.get('dstChainOrderAuthorityAddress')).toBe(user)
  })

  test('behavior: quote --json prints the validated answer', async () => {
    const run = await runFerryInProcess([...quoteArgs, ...buildArgs, '--json'], {
      FERRY_API_URL: url,
    })
    expect(run.code).toBe(0)
    const json = JSON.parse(run.stdout)
    expect(json.kind).toBe('tx')
    expect(json.quote.orderId).toBe(createTxJsonExample.orderId)
  })

  test('behavior: without the three addresses it is a quote and says so', async () => {
    const run = await runFerryInProcess([...quoteArgs, '--api-url', url])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Quote only: no transaction built')
  })

  test('behavior: swap-quote prints the aggregator table with edges; --json too', async () => {
    const args = [
      'swap-quote',
      '--chain',
      '42161',
      '--token-in',
      '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      '--amount',
      '1000000000',
      '--token-out',
      '0x0000000000000000000000000000000000000000',
      '--recipient',
      user,
      '--slippage',
      'auto',
      '--api-url',
      url,
    ]
    const run = await runFerryInProcess(args)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/KyberSwap\s+0\.398 ETH\s+\$995\.00\s+0\.5\s+50/)
    expect(service.requests.at(-1)!.url.searchParams.get('slippage')).toBe('auto')
    const json = await runFerryInProcess([...args, '--json'])
    expect(JSON.parse(json.stdout).comparedAggregators).toHaveLength(4)
  })

  test('behavior: hook-status prints the steps table', async () => {
    const run = await runFerryInProcess([
      'hook-status',
      ORDER_ID,
      '--stats-url',
      url,
      '--api-url',
      url,
    ])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('1 of 2 instruction(s) executed')
    expect(run.stdout).toMatch(/1\s+Executed\s+0xabab/)
    expect(run.stdout).toContain('2026-01-01T00:00:00Z')
    const json = await runFerryInProcess(['hook-status', ORDER_ID, '--json'], {
      FERRY_API_URL: url,
    })
    expect(JSON.parse(json.stdout).totalInstructionsCount).toBe(2)
  })

  test('behavior: leaderboard wallets and referrals, with paging and search sent as JSON', async () => {
    const wallets = await runFerryInProcess(
      [
        'leaderboard',
        'wallets',
        '--skip',
        '0',
        '--take',
        '2',
        '--search',
        '0x2222222222222222222222222222222222222222',
      ],
      { FERRY_API_URL: url, FERRY_STATS_URL: url },
    )
    expect(wallets.code).toBe(0)
    expect(wallets.stdout).toContain('Wallet leaderboard: 2 wallet(s)')
    expect(wallets.stdout).toContain('Search result')
    expect(JSON.parse(service.requests.at(-1)!.body)).toEqual({
      skip: 0,
      take: 2,
      walletAddress: '0x2222222222222222222222222222222222222222',
    })
    const referrals = await runFerryInProcess(
      ['leaderboard', 'referrals', '--search', '31805', '--json'],
      {
        FERRY_API_URL: url,
      },
    )
    expect(referrals.code).toBe(0)
    expect(JSON.parse(referrals.stdout).users[0].referralCode).toBe(31805)
  })

  test('behavior: the config file supplies the URL when no flag or env does', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { tmpdir } = await import('node:os')
    const dir = mkdtempSync(join(tmpdir(), 'ferry-'))
    const file = join(dir, 'ferry.yaml')
    writeFileSync(file, `service:\n  apiUrl: ${url}\n`)
    const run = await runFerryInProcess(['leaderboard', 'referrals', '--config', file])
    expect(run.code).toBe(0)
  })
})

describe('ferry read commands: failures', () => {
  const cases: [string, Parameters<typeof startFixtureServer>[0], RegExp][] = [
    [
      'a 400 error body',
      () => ({
        status: 400,
        body: { errorCode: 2, errorId: 'INVALID_QUERY_PARAMETERS', errorMessage: 'bad token' },
      }),
      /^ferry: create-tx: service error INVALID_QUERY_PARAMETERS: bad token \(HTTP 400\)\n$/,
    ],
    [
      'a 200 body with errorId',
      () => ({
        body: { errorCode: 123, errorId: 'COMPLIANCE_ADDRESS_BLOCKED', errorMessage: 'blocked' },
      }),
      /^ferry: create-tx: service error COMPLIANCE_ADDRESS_BLOCKED: blocked \(HTTP 200\)\n$/,
    ],
    [
      'malformed JSON',
      () => ({ rawBody: '{"estimation": ' }),
      /^ferry: create-tx: malformed response: the body is not JSON\n$/,
    ],
    [
      'a schema failure',
      () => ({ body: { ...createTxJsonExample, fixFee: 1000 } }),
      /^ferry: create-tx: malformed response: fixFee: .*\n$/,
    ],
    [
      'a timeout',
      () => ({ hang: true }),
      /^ferry: create-tx: no answer within the timeout \(300 ms\) after 2 attempt\(s\)\n$/,
    ],
  ]

  test.each(cases)(
    'behavior: %s gives one clear line on stderr and exit 1',
    async (_name, handler, expected) => {
      const server = await startFixtureServer(handler)
      try {
        const run = await runFerryInProcess([
          ...quoteArgs,
          '--api-url',
          server.url,
          '--timeout-ms',
          '300',
          '--retries',
          '1',
        ])
        expect(run.code).toBe(1)
        expect(run.stdout).toBe('')
        expect(run.stderr).toMatch(expected)
      } finally {
        await server.close()
      }
    },
  )

  test('behavior: a bad flag exits 2 and names the flag', async () => {
    const unknown = await runFerryInProcess(['leaderboard', 'wallets', '--no-such-flag'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain("unknown option '--no-such-flag'")
    const badValue = await runFerryInProcess([
      'leaderboard',
      'wallets',
      '--take',
      'ten',
      '--api-url',
      'http://127.0.0.1:9',
    ])
    expect(badValue.code).toBe(2)
    expect(badValue.stderr).toContain("'--take <n>' argument 'ten' is invalid")
    const missing = await runFerryInProcess(['quote', '--src-chain', '1'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain("required option '--token-in <address>' not specified")
  })

  test('behavior: a rule violation exits 2 before any request, naming the parameter', async () => {
    const before = service.requests.length
    const run = await runFerryInProcess(['leaderboard', 'wallets', '--take', '500'], {
      FERRY_API_URL: url,
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('ferry: take: is above the maximum page size 100')
    expect(service.requests.length).toBe(before)
  })

  test('behavior: no service URL anywhere exits 2 and says how to set one', async () => {
    const run = await runFerryInProcess(['hook-status', ORDER_ID])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('no service URL is configured')
    expect(run.stderr).toContain('FERRY_API_URL')
  })
})
