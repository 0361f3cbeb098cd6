import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { lazyAction } from '../../../src/cli/lazyAction.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** A file's code without its comments (a JSDoc example may show an import). */
function codeOf(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
}

/** Specifiers a file loads when it is imported: static imports and re-exports, not `import type`. */
function staticImportsOf(file: string): string[] {
  const text = codeOf(file)
  return [...text.matchAll(/^(?:import|export)(?!\s+type\b)[^'"]*?from\s*['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] as string,
  )
}

function dynamicImportsOf(file: string): string[] {
  const text = codeOf(file)
  return [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] as string)
}

function resolveSpec(file: string, spec: string): string {
  return spec.startsWith('.') ? relative(ROOT, resolve(ROOT, file, '..', spec)) : spec
}

/** Every file and package that importing `entry` loads, following static imports only. */
function staticClosure(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string): void => {
    if (files.has(file)) return
    files.add(file)
    for (const spec of staticImportsOf(file)) {
      if (spec.startsWith('node:')) continue
      if (spec.startsWith('.')) visit(resolveSpec(file, spec))
      else packages.add(spec)
    }
  }
  visit(entry)
  return { files: [...files].sort(), packages: [...packages].sort() }
}

const cli = staticClosure('src/cli/runCli.ts')
const actions = cli.files.flatMap((file) => dynamicImportsOf(file).map((s) => resolveSpec(file, s)))

describe('lazy subcommands: ferry --help loads the registrations, not the commands', () => {
  test('default: runCli and the registrations load commander and a few small files of src/cli and src/common', () => {
    expect(cli.packages).toEqual(['commander'])
    const outside = cli.files.filter((f) => !/^src\/(cli|common)\//.test(f))
    expect(outside).toEqual([])
    // Registrations, their option parsers, lazyAction, runCli and the errors it prints, and the
    // report's default output file (its own file: registration and action both read it).
    expect(cli.files.length).toBeLessThanOrEqual(29)
  })

  test('behavior: every command module is imported by its action only, never statically', () => {
    // One per command and subcommand (20 commands; config has two, strategy, cluster, journal and
    // safe one; record loads run's module).
    expect(actions.length).toBe(21)
    expect(actions.filter((a) => cli.files.includes(a))).toEqual([])
    for (const action of actions) expect(action).toMatch(/^src\/cli\/commands\/\w+Command\.ts$/)
  })

  test('behavior: ferry status loads its config and journal code only: no service client, logger, chains or engine', () => {
    // Its time on a large journal is mostly start-up (npm run bench -- largeJournal).
    const status = staticClosure('src/cli/commands/statusCommand.ts')
    expect(status.packages).toEqual(['better-sqlite3', 'croner', 'dotenv', 'yaml', 'zod'])
    expect(status.files.filter((f) => !/^src\/(cli|settings|store|common)\//.test(f))).toEqual([])
  })

  test('behavior: lazyAction imports the module when the action runs, then passes every argument', async () => {
    let loads = 0
    const seen: unknown[][] = []
    const action = lazyAction(async () => {
      loads += 1
      return (...args: [string, { flag: boolean }]) => {
        seen.push(args)
      }
    })
    expect(loads).toBe(0)
    await action('order', { flag: true })
    expect(loads).toBe(1)
    expect(seen).toEqual([['order', { flag: true }]])
  })
})
