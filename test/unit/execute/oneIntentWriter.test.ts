import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) return tsFiles(path)
    return name.endsWith('.ts') ? [path] : []
  })
}

/** The calls that create an intent or move its state. */
const WRITES = /\.(setIntentState|recordIntent)\s*\(/

describe('one writer of intent state (docs/architecture.md, src/execute)', () => {
  test('behavior: only the intent ledger calls the journal writes of intent state', () => {
    const writers = [...tsFiles('src'), ...tsFiles('strategies')].filter((file) => {
      if (file.startsWith('src/store/')) return false // where the writes are defined
      const code = readFileSync(join(ROOT, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
      return WRITES.test(code)
    })
    expect(writers).toEqual(['src/execute/createIntentLedger.ts'])
  })
})
