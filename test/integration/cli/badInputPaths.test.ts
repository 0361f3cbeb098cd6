import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'
import { startFixtureServer } from '../../helpers/startFixtureServer.ts'

const dir = mkdtempSync(join(tmpdir(), 'ferry-bad-paths-'))

function killConfig(name: string, killSwitchFile: string): string {
  const path = join(dir, `${name}.yaml`)
  writeFileSync(path, `risk: { killSwitchFile: "${killSwitchFile}" }\n`)
  return path
}

describe('bad paths and ports: exit 2 naming the key or flag and the fix, never a raw errno', () => {
  test('failure: ferry kill on with a kill-switch path under a file', async () => {
    writeFileSync(join(dir, 'a-file'), 'not a folder\n')
    const config = killConfig('under-file', 'a-file/ferry.kill')
    const result = await runFerryInProcess(['kill', 'on', '--config', config])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      `risk.killSwitchFile: cannot create ${join(dir, 'a-file/ferry.kill')}: ${join(dir, 'a-file')} is a file, not a folder`,
    )
    expect(result.stderr).toContain('fix: set risk.killSwitchFile to a path in a folder')
    expect(result.stderr).not.toContain('EEXIST')
  })

  test('failure: ferry kill on with a kill-switch path under /proc ends at once (it used to spin)', async () => {
    const config = killConfig('proc', '/proc/ferry-no-such/ferry.kill')
    const result = await runFerryInProcess(['kill', 'on', '--config', config])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      'risk.killSwitchFile: cannot create /proc/ferry-no-such/ferry.kill: ENOENT at /proc/ferry-no-such',
    )
  })

  test('failure: ferry sim --port in use names the port and the flag', async () => {
    const taken = await startFixtureServer(() => ({}))
    try {
      const port = new URL(taken.url).port
      const result = await runFerryInProcess(['sim', '--port', port])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(`--port: port ${port} is in use by another process`)
      expect(result.stderr).toContain('fix: give --port a free port (0 picks one)')
      expect(result.stderr).not.toContain('EADDRINUSE')
    } finally {
      await taken.close()
    }
  })
})
