import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { registerRunCommand } from '../../../src/cli/commands/registerRunCommand.ts'
import { runCommandInProcess } from '../../helpers/runCommandInProcess.ts'

const dir = mkdtempSync(join(tmpdir(), 'ferry-run-params-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The demo config with one edit: nothing starts when it is rejected at start. */
function demoWith(edit: (yaml: string) => string): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.yaml`)
  writeFileSync(path, edit(readFileSync('config/demo.yaml', 'utf8')))
  return path
}

describe('ferry run checks strategy params at start', () => {
  test('behavior: a typo in a strategy param exits 2 before anything starts, naming the strategy field and the fix', async () => {
    const config = demoWith((y) => y.replace('toleranceBps: 1 #', 'toleranceBsp: 1 #'))
    const result = await runCommandInProcess(registerRunCommand, ['run', config, '--ticks', '1'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/strategies\[0\]\.params/)
    expect(result.stderr).toContain(
      'toleranceBsp: is not a known key (strategy usdc-arb-base, rebalance)',
    )
    expect(result.stderr).toContain('fix: check its spelling')
    // Nothing was started: no embedded world banner, no event.
    expect(result.stdout).toBe('')
  })

  test('behavior: an unknown strategy name exits 2 with the known names as the fix', async () => {
    const config = demoWith((y) => y.replace('- name: sweep', '- name: swep'))
    const result = await runCommandInProcess(registerRunCommand, ['run', config, '--ticks', '1'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('strategies[1].name')
    expect(result.stderr).toContain('"swep" is not a built-in strategy')
  })

  test('behavior: a strategy module that throws on import exits 2 with its file and first line, nothing started', async () => {
    const module = join(process.cwd(), 'test/fixtures/plugins/throwsOnImport.mjs')
    const config = demoWith((y) =>
      y.replace(
        'strategies:\n',
        `strategies:\n  - { module: ${module}, id: mine, schedule: { intervalMs: 5000 } }\n`,
      ),
    )
    const result = await runCommandInProcess(registerRunCommand, ['run', config, '--ticks', '1'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `ferry: ${module}: fails to import: FIXTURE_SETTING is not set (fix: fix the module (--log-level debug prints the stack))\n`,
    )
    expect(result.stdout).toBe('')
  })

  test('behavior: a bad param of a strategy module exits 2 naming the instance, module and field', async () => {
    const module = join(process.cwd(), 'test/fixtures/plugins/zodPlugin.mjs')
    const config = demoWith((y) =>
      y.replace(
        'strategies:\n',
        `strategies:\n  - { module: ${module}, id: mine, schedule: { intervalMs: 5000 }, params: { minAmount: "1.5" } }\n`,
      ),
    )
    const result = await runCommandInProcess(registerRunCommand, ['run', config, '--ticks', '1'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      `strategies[0].params.minAmount: is not an integer (strategy mine, ${module})`,
    )
    expect(result.stderr).toContain('fix: write base units')
    expect(result.stdout).toBe('')
  })
})
