import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildDist } from '../scripts/build.mjs'

/**
 * Runs every `bench/*.bench.ts` (or the ones named on the command line) in turn. Each module
 * exports `run(): Promise<BenchResult>` and prints its own figures and ratios; this runner adds a
 * summary of the targets.
 */
export type BenchResult = { name: string; target: string; met: boolean }

const dir = fileURLToPath(new URL('.', import.meta.url))
const wanted = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort()

// Benches that start bin/ferry.js run dist/: build it from the current sources first.
const build = await buildDist()
console.log(`built dist/ in ${build.ms.toFixed(0)} ms`)

const results: BenchResult[] = []
for (const file of files) {
  console.log(`\n== ${file}`)
  const mod = (await import(new URL(file, import.meta.url).href)) as {
    run: () => Promise<BenchResult | BenchResult[]>
  }
  const out = await mod.run()
  results.push(...(Array.isArray(out) ? out : [out]))
}
console.log('\n== targets')
for (const r of results) console.log(`${r.met ? 'met   ' : 'MISSED'}  ${r.name}: ${r.target}`)
process.exit(0)
