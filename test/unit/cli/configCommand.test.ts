import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Command, CommanderError } from 'commander'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { registerConfigCommand } from '../../../src/cli/commands/registerConfigCommand.ts'
import { StrategyModuleError } from '../../../src/cli/run/StrategyModuleError.ts'
import { UsageError } from '../../../src/common/UsageError.ts'

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk)
    return true
  })
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  const program = new Command('ferry').option('--json').exitOverride()
  registerConfigCommand(program)
  for (const c of program.commands) for (const s of [c, ...c.commands]) s.exitOverride()
  let code = 0
  try {
    await program.parseAsync(args, { from: 'user' })
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error
    code = error.exitCode
  }
  vi.restoreAllMocks()
  return { code, stdout, stderr }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('ferry config', () => {
  test('default: check prints a summary of the demo config and exits 0', async () => {
    const result = await run(['config', 'check', 'config/demo.yaml'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('config/demo.yaml: valid')
    expect(result.stdout).toContain('usdc-arb-base (rebalance)')
  })

  test('behavior: an invalid file gives one line per problem with path and fix, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ferry-cli-'))
    const file = join(dir, 'bad.yaml')
    writeFileSync(
      file,
      'risk:\n  routes:\n    - maxCostBps: 1.5\nstrategies:\n  - { name: nope, id: y, schedule: { intervalMs: 5000 } }\n',
    )
    const result = await run(['config', 'check', file])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('risk.routes[0].maxCostBps: must be whole basis points (fix:')
    // An unreadable file is a UsageError, which runCli maps to exit 2 with its fix.
    await expect(run(['config', 'check', file.replace('bad', 'missing')])).rejects.toThrow(
      UsageError,
    )
  })

  test('failure: a live config whose route token has no trusted price is exit 2, naming the token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ferry-cli-'))
    const file = join(dir, 'live.yaml')
    const text = readFileSync('config/rebalance.example.yaml', 'utf8')
    // The example made live, without its prices section.
    writeFileSync(
      file,
      (text.slice(0, text.indexOf('\nprices:')) + text.slice(text.indexOf('\ntracking:'))).replace(
        /^mode: dry-run/m,
        'mode: live',
      ),
    )
    process.env.ARBITRUM_RPC_URL = 'https://arbitrum.rpc.invalid/key'
    process.env.BASE_RPC_URL = 'https://base.rpc.invalid/key'
    process.env.FERRY_TELEGRAM_URL = 'https://telegram.invalid/bot'
    process.env.FERRY_ALERT_WEBHOOK_URL = 'https://hooks.invalid/ferry'
    try {
      const result = await run(['config', 'check', file])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(
        'strategies[0]: "usdc-arb-base" gives 0xaf88d065e77c8cC2239327C5EDb3A432268e5831 on chain 42161, which has no trusted price (mode: live)',
      )
      expect(result.stderr).toContain(
        'pays the fee in 0x0000000000000000000000000000000000000000 on chain 8453',
      )
    } finally {
      delete process.env.ARBITRUM_RPC_URL
      delete process.env.BASE_RPC_URL
      delete process.env.FERRY_TELEGRAM_URL
      delete process.env.FERRY_ALERT_WEBHOOK_URL
    }
  })

  test('behavior: schema prints a JSON Schema with per-strategy params', async () => {
    const result = await run(['config', 'schema'])
    const schema = JSON.parse(result.stdout)
    expect(schema.$schema).toContain('json-schema.org')
    expect(result.stdout).toContain('toleranceBps')
  })
  describe('with a strategy module (module: in the config)', () => {
    const plugins = join(process.cwd(), 'test/fixtures/plugins')
    /** A config in a tmp dir running `module` with `params` (YAML flow). */
    function pluginConfig(module: string, params: string): string {
      const dir = mkdtempSync(join(tmpdir(), 'ferry-cli-'))
      const file = join(dir, 'plugin.yaml')
      writeFileSync(
        file,
        // The chain and the wallet the fixture plugins act on: ferry run needs both.
        `chains:\n  42161: { rpcUrls: ["http://127.0.0.1:9"] }\nwallets:\n  evm: { address: "0x1111111111111111111111111111111111111111", privateKeyEnv: FERRY_UNUSED_KEY }\nstrategies:\n  - { module: ${module}, id: mine, schedule: { intervalMs: 5000 }, params: ${params} }\n`,
      )
      return file
    }

    test('behavior: check loads the module, validates its params and names it in the summary', async () => {
      const module = join(plugins, 'jsonSchemaPlugin.mjs')
      const ok = await run(['config', 'check', pluginConfig(module, '{ minAmount: "5" }')])
      expect(ok.stderr).toBe('')
      expect(ok.code).toBe(0)
      expect(ok.stdout).toContain(`mine (${module})`)
      const bad = await run(['config', 'check', pluginConfig(module, '{ minAmount: 5 }')])
      expect(bad.code).toBe(2)
      expect(bad.stderr).toContain(
        `strategies[0].params.minAmount: must be string (strategy mine, ${module}) (fix: write a string)`,
      )
    })

    test('behavior: a module that cannot be used stops check and schema with its error', async () => {
      const file = pluginConfig(join(plugins, 'noExport.mjs'), '{}')
      await expect(run(['config', 'check', file])).rejects.toThrow(StrategyModuleError)
      await expect(run(['config', 'schema', file])).rejects.toThrow(StrategyModuleError)
    })

    test('behavior: schema with a config completes the params of its modules by their path', async () => {
      const module = join(plugins, 'zodPlugin.mjs')
      const result = await run(['config', 'schema', pluginConfig(module, '{}')])
      expect(result.code).toBe(0)
      const items = JSON.parse(result.stdout).properties.strategies.items
      const mine = items.allOf.find(
        (a: { if: { properties: { module?: { const: string } } } }) =>
          a.if.properties.module?.const === module,
      )
      expect(mine.then.properties.params).toMatchObject({
        type: 'object',
        properties: { minAmount: { type: 'string' } },
        additionalProperties: false,
      })
    })
  })
})
