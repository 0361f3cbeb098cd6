import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Command, CommanderError } from 'commander'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { registerConfigCommand } from '../../../src/cli/commands/configCommand.ts'
import { UsageError } from '../../../src/shared/UsageError.ts'

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

  test('behavior: schema prints a JSON Schema with per-strategy params', async () => {
    const result = await run(['config', 'schema'])
    const schema = JSON.parse(result.stdout)
    expect(schema.$schema).toContain('json-schema.org')
    expect(result.stdout).toContain('toleranceBps')
  })
})
