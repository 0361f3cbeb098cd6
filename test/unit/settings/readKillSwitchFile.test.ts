import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { UsageError } from '../../../src/common/UsageError.ts'
import { ConfigError } from '../../../src/settings/ConfigError.ts'
import { readKillSwitchFile } from '../../../src/settings/readKillSwitchFile.ts'
import { resolveKillSwitchPath } from '../../../src/settings/resolveKillSwitchPath.ts'

const dir = mkdtempSync(join(tmpdir(), 'ferry-kill-setting-'))

function configFile(name: string, text: string): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe('readKillSwitchFile', () => {
  test('default: ferry.kill when the config sets none', () => {
    expect(readKillSwitchFile(configFile('none.yaml', 'mode: dry-run\n'), {})).toBe('ferry.kill')
    expect(readKillSwitchFile(configFile('empty.yaml', ''), {})).toBe('ferry.kill')
  })

  test('behavior: reads only risk.killSwitchFile, so a broken rest of the file does not matter', () => {
    const path = configFile(
      'broken.yaml',
      `service:\n  accessToken: \${MISSING_TOKEN}\nrisk:\n  killSwitchFile: \${KILL_DIR}/k\n  bogus: 1\n`,
    )
    expect(readKillSwitchFile(path, { KILL_DIR: '/data' })).toBe('/data/k')
    expect(() => readKillSwitchFile(path, {})).toThrow(ConfigError)
    expect(() => readKillSwitchFile(join(dir, 'missing.yaml'), {})).toThrow(UsageError)
  })
})

describe('resolveKillSwitchPath', () => {
  test('default: relative to the config file directory; absolute as is', () => {
    expect(resolveKillSwitchPath('stop.kill', '/etc/ferry/ferry.yaml')).toBe('/etc/ferry/stop.kill')
    expect(resolveKillSwitchPath('/data/ferry.kill', '/etc/ferry/ferry.yaml')).toBe(
      '/data/ferry.kill',
    )
  })
})
