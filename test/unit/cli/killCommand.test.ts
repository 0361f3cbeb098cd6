import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { registerKillCommand } from '../../../src/cli/commands/registerKillCommand.ts'
import { runCommandInProcess } from '../../helpers/runCommandInProcess.ts'

const dir = mkdtempSync(join(tmpdir(), 'ferry-kill-'))
const configPath = join(dir, 'ferry.yaml')
// The rest of the file would not validate (a missing secret): kill reads only its own key.
writeFileSync(
  configPath,
  `service:\n  accessToken: \${FERRY_TEST_MISSING}\nrisk:\n  killSwitchFile: run/stop.kill\n`,
)
const killFile = join(dir, 'run', 'stop.kill')
const run = (args: string[]) => runCommandInProcess(registerKillCommand, args)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('ferry kill', () => {
  test('default: on creates the file (timestamp and reason) next to the config; off removes it', async () => {
    const on = await run(['kill', 'on', '--config', configPath, '--reason', 'incident 42'])
    expect(on.code).toBe(0)
    expect(on.stdout).toContain(`kill switch ON: ${killFile} (created)`)
    const text = readFileSync(killFile, 'utf8')
    expect(text).toMatch(
      /^kill switch on since \d{4}-\d\d-\d\dT[\d:.]+Z by \S+@\S+\nreason: incident 42\n$/,
    )
    const off = await run(['kill', 'off', '--config', configPath])
    expect(off.code).toBe(0)
    expect(off.stdout).toContain(`kill switch OFF: ${killFile} (removed)`)
    expect(existsSync(killFile)).toBe(false)
  })

  test('behavior: idempotent; a second on keeps the first timestamp; --json parses', async () => {
    await run(['kill', 'on', '--config', configPath])
    const first = readFileSync(killFile, 'utf8')
    const again = await run(['kill', 'on', '--config', configPath, '--reason', 'other', '--json'])
    expect(again.code).toBe(0)
    expect(JSON.parse(again.stdout)).toEqual({
      killSwitch: 'on',
      path: killFile,
      changed: false,
      note: first.split('\n')[0],
      cluster: null,
    })
    expect(readFileSync(killFile, 'utf8')).toBe(first)
    await run(['kill', 'off', '--config', configPath])
    const offAgain = await run(['kill', 'off', '--config', configPath, '--json'])
    expect(JSON.parse(offAgain.stdout)).toEqual({
      killSwitch: 'off',
      path: killFile,
      changed: false,
      note: null,
      cluster: null,
    })
  })

  test('behavior: a bad state or no --config exits 2 naming it', async () => {
    const bad = await run(['kill', 'maybe', '--config', configPath])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("argument 'state'")
    expect(bad.stderr).toContain('on, off')
    const noConfig = await run(['kill', 'on'])
    expect(noConfig.code).toBe(2)
    expect(noConfig.stderr).toContain('--config: ferry kill needs the config file')
    expect(existsSync(killFile)).toBe(false)
  })
})
