import { describe, expect, test } from 'vitest'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'

function problemsOf(text: string, env: Record<string, string> = {}) {
  const result = parseFerryConfig(text, env)
  return result.ok ? [] : result.problems
}

describe('parseFerryConfig', () => {
  test('default: an empty file is a dry-run config with every default', () => {
    const result = parseFerryConfig('', {})
    if (!result.ok) throw new Error(JSON.stringify(result.problems))
    expect(result.config).toMatchObject({
      mode: 'dry-run',
      chains: {},
      strategies: [],
      risk: {
        maxNotionalUsdPerOrder: 1000,
        maxNotionalUsdPerDay: 10000,
        maxInFlightUsd: 5000,
        maxCostBps: 50,
        minOutputVsUsdValueBps: 9800,
        maxPriceImpactBps: 100,
        gasReserve: {},
        cooldownMsAfterFailure: 600000,
        killSwitchFile: 'ferry.kill',
        routes: [],
      },
      tracking: { deadlineMs: 600000, autoCancel: false },
      observe: { logLevel: 'info' },
    })
  })

  test('behavior: errors name the key path and the fix', () => {
    const problems = problemsOf(`
risk:
  routes:
    - dstChainId: 8453
      maxCostBps: 12.5
  maxCostBp: 10
`)
    expect(problems).toContainEqual({
      path: 'risk.routes[0].maxCostBps',
      problem: 'must be whole basis points',
      fix: 'round to an integer, e.g. 50',
    })
    expect(problems).toContainEqual(
      expect.objectContaining({ path: 'risk.maxCostBp', problem: 'is not a known key' }),
    )
  })

  test('behavior: a private key, secret key or mnemonic written inline is an error', () => {
    const hexKey = `0x${'ab'.repeat(32)}`
    const base58Secret = '5'.repeat(87)
    const mnemonic =
      'abandon ability able about above absent absorb abstract absurd abuse access accident'
    const problems = problemsOf(`
wallets:
  evm:
    privateKeyEnv: ${hexKey}
    address: '0x1111111111111111111111111111111111111111'
  solana:
    secretKey: ${base58Secret}
observe:
  webhookUrl: '${mnemonic}'
strategies: []
`)
    const paths = problems.filter((p) => p.fix.includes('privateKeyEnv')).map((p) => p.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        'wallets.evm.privateKeyEnv',
        'wallets.solana.secretKey',
        'observe.webhookUrl',
      ]),
    )
    for (const p of problems) expect(JSON.stringify(p)).not.toContain('abab')
  })

  test(`behavior: \${VAR} substitution from env, with defaults and typed whole values`, () => {
    const result = parseFerryConfig(
      `
service:
  apiUrl: https://\${API_HOST}/v1
  retries: \${RETRIES}
  timeoutMs: \${TIMEOUT_MS:-7000}
observe:
  webhookUrl: \${HOOK:-}
`,
      { API_HOST: 'api.example.org', RETRIES: '2' },
    )
    if (!result.ok) throw new Error(JSON.stringify(result.problems))
    expect(result.config.service).toMatchObject({
      apiUrl: 'https://api.example.org/v1',
      retries: 2,
      timeoutMs: 7000,
    })
    expect(result.config.observe.webhookUrl).toBeUndefined()
  })

  test('behavior: mode live refuses embedded URLs and needs a wallet', () => {
    const problems = problemsOf(`
mode: live
service: { apiUrl: embedded }
chains:
  42161: { rpcUrls: [embedded] }
`)
    expect(problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(['service.apiUrl', 'chains.42161.rpcUrls[0]', 'wallets']),
    )
  })

  test('behavior: wallets need exactly one key source; schedules exactly one timing', () => {
    const problems = problemsOf(`
wallets:
  evm:
    privateKeyEnv: PK
    keystorePath: /k.json
    address: '0x1111111111111111111111111111111111111111'
strategies:
  - name: sweep
    id: a
    schedule: { jitterMs: 5 }
  - name: sweep
    id: a
    schedule: { cron: 'every day' }
`)
    expect(problems.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        'wallets.evm.privateKeyEnv',
        'strategies[0].schedule.intervalMs',
        'strategies[1].schedule.cron',
        'strategies[1].id',
      ]),
    )
  })

  test('behavior: invalid YAML is one problem naming the line', () => {
    const problems = problemsOf('mode: live\n  bad: [\n')
    expect(problems).toHaveLength(1)
    expect(problems[0]?.problem).toContain('not valid YAML')
  })
})
