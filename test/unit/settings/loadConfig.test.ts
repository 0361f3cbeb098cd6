import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { UsageError } from '../../../src/common/UsageError.ts'
import type { RiskLimits } from '../../../src/engine/risk/riskTypes.ts'
import { ConfigError } from '../../../src/settings/ConfigError.ts'
import { loadConfig } from '../../../src/settings/loadConfig.ts'
import { resolveRouteRiskLimits } from '../../../src/settings/resolveRouteRiskLimits.ts'

function tmpFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-config-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}

describe('loadConfig', () => {
  test('default: loads, fills env vars from .env without overriding env, deep-freezes', () => {
    const dir = tmpFiles({
      'ferry.yaml': `service:\n  apiUrl: \${API}\n  statsUrl: \${STATS}\nrisk:\n  gasReserve: { "8453": "5" }\n`,
      '.env': 'API=http://from-dotenv\nSTATS=http://stats-from-dotenv\n',
    })
    const { config, env } = loadConfig({
      path: join(dir, 'ferry.yaml'),
      env: { API: 'http://from-env' },
      dotenvPath: join(dir, '.env'),
    })
    expect(config.service.apiUrl).toBe('http://from-env')
    expect(config.service.statsUrl).toBe('http://stats-from-dotenv')
    expect(env.STATS).toBe('http://stats-from-dotenv')
    expect(Object.isFrozen(config)).toBe(true)
    expect(Object.isFrozen(config.risk.gasReserve)).toBe(true)
    expect(() => {
      ;(config.risk as { maxCostBps: number }).maxCostBps = 1
    }).toThrow(TypeError)
  })

  test('behavior: a bad file is a ConfigError listing every problem', () => {
    const dir = tmpFiles({ 'bad.yaml': 'mode: maybe\nrisk: { maxCostBps: -1 }\n' })
    let error: unknown
    try {
      loadConfig({ path: join(dir, 'bad.yaml'), env: {}, dotenvPath: false })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).toBeInstanceOf(UsageError)
    expect((error as ConfigError).problems.map((p) => p.path)).toEqual(['mode', 'risk.maxCostBps'])
  })

  test('failure: a .env others may read that holds a wallet key is refused, naming the file, the variable and the chmod', () => {
    const key = `0x${'11'.repeat(32)}`
    const dir = tmpFiles({
      'ferry.yaml':
        'wallets:\n  evm: { address: "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A", privateKeyEnv: FERRY_KEY }\n',
      '.env': `FERRY_KEY=${key}\n`,
    })
    const dotenvPath = join(dir, '.env')
    const load = () => loadConfig({ path: join(dir, 'ferry.yaml'), env: {}, dotenvPath })
    chmodSync(dotenvPath, 0o644)
    expect(load).toThrow(`${dotenvPath}: holds FERRY_KEY and others may read it (mode 644)`)
    try {
      load()
    } catch (error) {
      expect((error as UsageError).metaMessages).toContain(`fix: chmod 600 ${dotenvPath}`)
      expect(String((error as Error).message)).not.toContain(key.slice(2))
    }
    chmodSync(dotenvPath, 0o600)
    expect(load().env.FERRY_KEY).toBe(key)
  })

  test('behavior: a missing file is a UsageError naming it', () => {
    expect(() => loadConfig({ path: '/nonexistent/ferry.yaml', env: {} })).toThrow(UsageError)
  })
})

describe('resolveRouteRiskLimits', () => {
  test('behavior: the first matching route entry overrides the global limits', () => {
    const dir = tmpFiles({
      'r.yaml': `
risk:
  maxCostBps: 50
  gasReserve: { "42161": "10", "8453": "20" }
  routes:
    - { strategy: other, maxCostBps: 1 }
    - { dstChainId: 8453, maxCostBps: 12, gasReserve: { "8453": "30" } }
    - { dstChainId: 8453, maxCostBps: 99 }
`,
    })
    const { config } = loadConfig({ path: join(dir, 'r.yaml'), env: {}, dotenvPath: false })
    // Typed as the engine's RiskLimits: settings and engine agree on the shape (checked by tsc).
    const limits: RiskLimits = resolveRouteRiskLimits(config.risk, {
      strategyId: 'mine',
      srcChainId: 42161,
      dstChainId: 8453,
    })
    expect(limits.maxCostBps).toBe(12)
    expect(limits.gasReserve).toEqual({ '42161': 10n, '8453': 30n })
    expect(resolveRouteRiskLimits(config.risk).maxCostBps).toBe(50)
  })
})
