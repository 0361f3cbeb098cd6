import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
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

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  return [...text.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1] as string)
}

/** Where an import points, relative to the repo root (packages stay as named). */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec
  return relative(ROOT, resolve(ROOT, file, '..', spec))
}

describe('strategy boundaries (docs/architecture.md §2)', () => {
  test('default: strategies/ and src/engine/risk import only the strategy contract (src/common/strategy), shared, zod and siblings', () => {
    for (const file of [...tsFiles('strategies'), ...tsFiles('src/engine/risk')]) {
      const dir = file.startsWith('strategies') ? 'strategies/' : 'src/engine/risk/'
      for (const spec of importsOf(file)) {
        const to = target(file, spec)
        const allowed =
          to === 'zod' ||
          to.startsWith('src/common/strategy/') ||
          to.startsWith('src/common/') ||
          to.startsWith(dir)
        expect(allowed, `${file} imports ${spec}`).toBe(true)
      }
    }
  })

  test('behavior: decisions read no clock, no environment and no network', () => {
    for (const file of [
      ...tsFiles('strategies'),
      ...tsFiles('src/engine/risk'),
      ...tsFiles('src/common/strategy'),
    ]) {
      // Comments may name what is banned (the contract's JSDoc does); only code counts.
      const text = readFileSync(join(ROOT, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
      for (const banned of ['Date.now', 'new Date(', 'process.env', 'fetch(', 'Math.random'])
        expect(text.includes(banned), `${file} uses ${banned}`).toBe(false)
    }
  })
})
