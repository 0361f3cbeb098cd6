import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { DEVNET_ROLE_KEY } from '../../../src/devnet/installDevnetRoles.ts'
import { checkStrategyParams } from '../../../src/settings/checkStrategyParams.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'

const CONFIG_DIR = fileURLToPath(new URL('../../../config/', import.meta.url))
const files = readdirSync(CONFIG_DIR).filter((f) => f.endsWith('.yaml'))
const paramsSchemas = Object.fromEntries(
  Object.entries(builtInStrategies).map(([name, s]) => [name, s.paramsSchema]),
)
/** Placeholder values for every env var the examples reference. */
const PLACEHOLDER_ENV = {
  ARBITRUM_RPC_URL: 'https://arbitrum.rpc.invalid/key',
  BASE_RPC_URL: 'https://base.rpc.invalid/key',
  SOLANA_RPC_URL: 'https://solana.rpc.invalid/key',
  FERRY_ALERT_WEBHOOK_URL: 'https://hooks.invalid/ferry',
  FERRY_SERVICE_URL: 'https://service.invalid',
}

function parseFile(file: string, env: Record<string, string>) {
  const result = parseFerryConfig(readFileSync(`${CONFIG_DIR}${file}`, 'utf8'), env)
  if (!result.ok) return { problems: result.problems, config: undefined }
  return { problems: checkStrategyParams(result.config, paramsSchemas), config: result.config }
}

describe('config files', () => {
  test('behavior: treasury-safe.example.yaml is a dry run from a Safe in owner mode', () => {
    const { problems, config } = parseFile('treasury-safe.example.yaml', PLACEHOLDER_ENV)
    expect(problems).toEqual([])
    expect(config?.mode).toBe('dry-run')
    expect(config?.wallets.evm?.account).toEqual({
      safe: '0x48Af6D42dCfe0c5AC87a6cfd98A3Ae4e9eD5386c',
      execution: 'owner',
    })
  })

  test('behavior: treasury-roles.example.yaml is a dry run from a Safe in roles mode, at the devnet roles treasury', () => {
    const { problems, config } = parseFile('treasury-roles.example.yaml', PLACEHOLDER_ENV)
    expect(problems).toEqual([])
    expect(config?.mode).toBe('dry-run')
    expect(config?.wallets.evm?.account).toEqual({
      safe: '0xB0d543191779654E8149967D62b529be877b36Dc',
      execution: 'roles',
      roles: {
        modifier: '0x111B719139d50F5239d5974bEe16191645AbfF71',
        roleKey: DEVNET_ROLE_KEY,
      },
    })
  })

  test('default: demo.yaml parses with no env vars set', () => {
    const { problems, config } = parseFile('demo.yaml', {})
    expect(problems).toEqual([])
    expect(config?.mode).toBe('dry-run')
    expect(config?.service.apiUrl).toBe('embedded')
    expect(config?.strategies.map((s) => s.name)).toEqual(['rebalance', 'sweep', 'arbitrage'])
  })

  test.each(files)('behavior: %s parses with placeholder env vars', (file) => {
    expect(files).toContain('demo.yaml')
    const { problems } = parseFile(file, PLACEHOLDER_ENV)
    expect(problems).toEqual([])
  })

  test.each(files.filter((f) => f.endsWith('.example.yaml')))(
    'default: %s starts in mode: dry-run, as its comments and the README say',
    (file) => {
      expect(parseFile(file, PLACEHOLDER_ENV).config?.mode).toBe('dry-run')
    },
  )

  test('behavior: the live examples fail without their env vars, naming the key and the var', () => {
    const { problems } = parseFile('rebalance.example.yaml', {})
    expect(problems).toContainEqual(
      expect.objectContaining({
        path: 'chains.42161.rpcUrls[0]',
        problem: `\${ARBITRUM_RPC_URL} is not set`,
      }),
    )
  })
})
