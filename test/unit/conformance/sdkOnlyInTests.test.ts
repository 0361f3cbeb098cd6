import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

// deBridge's SDK is GPL-3.0: a conformance oracle for test/ only, never shipped (docs/dln.md §10).
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const SHIPPED = ['src', 'strategies', 'bin', 'scripts']
const SOURCE = /\.(c|m)?(t|j)sx?$/
const SDK_IMPORT =
  /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"]@debridge-finance\/[^'"]*['"]/

function filesUnder(dir: string): string[] {
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  return entries.flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'artifacts') return []
    return statSync(path).isDirectory() ? filesUnder(path) : SOURCE.test(name) ? [path] : []
  })
}

function sdkImporters(root: string): string[] {
  return SHIPPED.flatMap((dir) => filesUnder(join(root, dir)))
    .filter((file) => SDK_IMPORT.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file))
}

describe("deBridge's SDK stays a test-only devDependency", () => {
  test('default: no file under src/, strategies/, bin/ or scripts/ imports @debridge-finance/*', () => {
    expect(sdkImporters(ROOT)).toEqual([])
  })

  test('behavior: a planted import under src/ is found', () => {
    const root = mkdtempSync(join(tmpdir(), 'ferry-sdk-scan-'))
    try {
      mkdirSync(join(root, 'src', 'chains'), { recursive: true })
      writeFileSync(join(root, 'src', 'chains', 'ok.ts'), "import { z } from 'zod'\n")
      writeFileSync(
        join(root, 'src', 'chains', 'leak.ts'),
        "import { Evm } from '@debridge-finance/dln-client'\n",
      )
      expect(sdkImporters(root)).toEqual([join('src', 'chains', 'leak.ts')])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  test('behavior: the scan catches static, dynamic and require imports', () => {
    for (const line of [
      "import { Evm } from '@debridge-finance/dln-client'",
      "const m = await import('@debridge-finance/dln-client/dist/esm/index.js')",
      "const abi = require('@debridge-finance/dln-client')",
      "import '@debridge-finance/dln-client'",
    ]) {
      expect(SDK_IMPORT.test(line)).toBe(true)
    }
    expect(SDK_IMPORT.test("// see '@debridge-finance/dln-client' in docs/dln.md")).toBe(false)
  })

  test('default: package.json lists it under devDependencies only', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >
    expect(pkg.devDependencies?.['@debridge-finance/dln-client']).toMatch(/8\.3\.6$/)
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
      expect(
        Object.keys(pkg[field] ?? {}).filter((n) => n.startsWith('@debridge-finance/')),
      ).toEqual([])
    }
  })
})
