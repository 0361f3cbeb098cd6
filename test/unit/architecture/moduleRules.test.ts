import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** docs/architecture.md §2, top to bottom: each module and the modules it may import. */
const MODULES: readonly { module: string; mayImport: readonly string[] }[] = [
  {
    module: 'src/cli',
    mayImport: [
      'src/replay',
      'src/report',
      'src/engine',
      'strategies',
      'src/execute',
      'src/devnet',
      'src/sim',
      'src/verify',
      'src/chains',
      'src/api',
      'src/store',
      'src/observe',
      'src/settings',
      'src/common',
    ],
  },
  {
    module: 'src/replay',
    mayImport: [
      'src/report',
      'src/engine',
      'src/observe',
      'src/settings',
      'src/store',
      'src/common',
    ],
  },
  { module: 'src/report', mayImport: ['src/store', 'src/chains', 'src/api', 'src/common'] },
  {
    module: 'src/engine',
    mayImport: ['src/execute', 'src/observe', 'src/settings', 'src/store', 'src/common'],
  },
  { module: 'strategies', mayImport: ['src/common'] },
  {
    module: 'src/execute',
    mayImport: ['src/verify', 'src/chains', 'src/api', 'src/store', 'src/observe', 'src/common'],
  },
  { module: 'src/devnet', mayImport: ['src/sim', 'src/chains', 'src/api', 'src/common'] },
  { module: 'src/sim', mayImport: ['src/verify', 'src/chains', 'src/api', 'src/common'] },
  { module: 'src/verify', mayImport: ['src/chains', 'src/api', 'src/common'] },
  { module: 'src/chains', mayImport: ['src/api', 'src/common'] },
  { module: 'src/observe', mayImport: ['src/settings', 'src/api', 'src/common'] },
  { module: 'src/api', mayImport: ['src/common'] },
  { module: 'src/store', mayImport: ['src/common'] },
  { module: 'src/settings', mayImport: ['src/common'] },
  { module: 'src/common', mayImport: [] },
]

function tsFiles(dir: string, extensions: readonly string[] = ['.ts']): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) return tsFiles(path, extensions)
    return extensions.some((e) => name.endsWith(e)) ? [path] : []
  })
}

/** Lines of each file over the style's 300-line limit, as `path: lines`. */
function overLimit(paths: readonly string[]): string[] {
  return paths
    .map((f) => ({ f, lines: readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1 }))
    .filter((x) => x.lines > 300)
    .map((x) => `${x.f}: ${x.lines}`)
}

/** Relative specifiers of static imports, re-exports and dynamic imports. */
function relativeImportsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const specs = [
    ...text.matchAll(/^(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] as string)
  return specs.filter((s) => s.startsWith('.'))
}

function moduleOf(path: string): string | undefined {
  return MODULES.find((m) => path === m.module || path.startsWith(`${m.module}/`))?.module
}

const files = [...tsFiles('src'), ...tsFiles('strategies')]

describe('module rules (docs/architecture.md §2)', () => {
  test('default: every source file belongs to a module of the table', () => {
    expect(files.filter((f) => moduleOf(f) === undefined)).toEqual([])
  })

  test('behavior: imports point only down the table, to a module the row allows', () => {
    const wrong: string[] = []
    for (const file of files) {
      const from = moduleOf(file)!
      const allowed = MODULES.find((m) => m.module === from)!.mayImport
      for (const spec of relativeImportsOf(file)) {
        const to = moduleOf(relative(ROOT, resolve(ROOT, file, '..', spec)))
        if (to !== undefined && to !== from && !allowed.includes(to))
          wrong.push(`${file} → ${spec}`)
      }
    }
    expect(wrong).toEqual([])
  })

  test('behavior: the table is an order, so no two modules can import each other', () => {
    const rank = new Map(MODULES.map((m, i) => [m.module, i]))
    const upward = MODULES.flatMap((m) =>
      m.mayImport
        .filter((to) => (rank.get(to) ?? -1) <= rank.get(m.module)!)
        .map((to) => `${m.module} → ${to}`),
    )
    expect(upward).toEqual([])
  })

  test('behavior: no source file is over 300 lines', () => {
    expect(overLimit(files)).toEqual([])
  })

  test('behavior: no test, bench or script file is over 300 lines either', () => {
    const others = ['test', 'bench', 'scripts'].flatMap((dir) => tsFiles(dir, ['.ts', '.mjs']))
    // The walk must find the files it guards: an empty list would pass for the wrong reason.
    expect(others).toContain(join('test', 'unit', 'architecture', 'moduleRules.test.ts'))
    expect(others).toContain(join('scripts', 'build.mjs'))
    expect(overLimit(others)).toEqual([])
  })
})
