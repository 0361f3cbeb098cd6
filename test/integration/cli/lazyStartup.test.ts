import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const BIN = fileURLToPath(new URL('../../../bin/ferry.js', import.meta.url))
const DEMO = fileURLToPath(new URL('../../../config/demo.yaml', import.meta.url))

/** Registers a resolve hook in the child that prints every module it loads, on stderr. */
const TRACE_LOADS = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module'
register('data:text/javascript,' + encodeURIComponent(
  'export async function resolve(s, c, next) { const r = await next(s, c); if (!r.url.startsWith("node:")) process.stderr.write("loaded " + r.url + "\\\\n"); return r }'
))`)}`

/** The packages (node_modules) and ferry's own files that `ferry <args>`, compiled, loads. */
function loadsOf(args: string[]): { code: number | null; packages: string[]; own: string[] } {
  const result = spawnSync(process.execPath, ['--import', TRACE_LOADS, BIN, ...args], {
    encoding: 'utf8',
  })
  const urls = [...result.stderr.matchAll(/^loaded (\S+)$/gm)].map((m) => m[1] as string)
  const packages = new Set<string>()
  const own = new Set<string>()
  for (const url of urls) {
    const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]
    if (pkg) packages.add(pkg)
    else own.add(url.replace(/^.*\/(dist|bin)\//, '$1/'))
  }
  return { code: result.status, packages: [...packages].sort(), own: [...own].sort() }
}

describe('the compiled ferry loads only what the command needs', () => {
  test('default: ferry --help loads commander and a few small files of dist/, no command', () => {
    const { code, packages, own } = loadsOf(['--help'])
    expect(code).toBe(0)
    expect(packages).toEqual(['commander'])
    expect(own).toContain('dist/src/cli/main.js')
    expect(own.every((f) => f === 'bin/ferry.js' || f.startsWith('dist/'))).toBe(true)
    // The commands' chunks are named after their modules (dist/chunks/runCommand-….js).
    expect(own.filter((f) => /Command-/.test(f))).toEqual([])
    expect(own.length).toBeLessThanOrEqual(12)
  })

  test('behavior: config check loads the settings (zod, yaml) but none of viem, web3.js, the devnet or the simulator', () => {
    const { code, packages, own } = loadsOf(['config', 'check', DEMO])
    expect(code).toBe(0)
    expect(packages).toEqual(expect.arrayContaining(['commander', 'yaml', 'zod']))
    for (const heavy of ['viem', '@solana/web3.js', 'hono', 'better-sqlite3', 'pino', 'litesvm'])
      expect(packages).not.toContain(heavy)
    expect(own.filter((f) => /Command-/.test(f))).toEqual([
      expect.stringMatching(/^dist\/chunks\/configCheckCommand-\w+\.js$/),
    ])
  })
})
