import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { BenchResult } from './run.ts'

const BIN = fileURLToPath(new URL('../bin/ferry.js', import.meta.url))
const DEMO = fileURLToPath(new URL('../config/demo.yaml', import.meta.url))
const RUNS = 15

/** The child's peak RSS in KiB, printed on stderr as it exits (process.resourceUsage). */
const PRINT_MAX_RSS =
  'data:text/javascript,process.on("exit",()=>process.stderr.write("maxRssKiB="+process.resourceUsage().maxRSS+"\\n"))'

const CASES = {
  node: { label: 'node -e 0', args: ['-e', '0'] },
  help: { label: 'ferry --help', args: [BIN, '--help'] },
  check: { label: 'ferry config check demo.yaml', args: [BIN, 'config', 'check', DEMO] },
} as const

type Case = keyof typeof CASES

function runMs(args: readonly string[]): number {
  const t0 = performance.now()
  const result = spawnSync(process.execPath, args, { stdio: 'ignore' })
  const ms = performance.now() - t0
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}`)
  return ms
}

function maxRssMiB(args: readonly string[]): number {
  const result = spawnSync(process.execPath, ['--import', PRINT_MAX_RSS, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const kib = /maxRssKiB=(\d+)/.exec(result.stderr)?.[1]
  if (!kib) throw new Error(`no RSS from ${args.join(' ')}: ${result.stderr.slice(-300)}`)
  return Number(kib) / 1024
}

const median = (v: readonly number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1]!

/**
 * Start-up of the CLI from its compiled code (bench/run.ts builds dist/ first): `ferry --help`
 * and `ferry config check config/demo.yaml` against a bare `node -e 0`, in rounds of one run each,
 * after a warm-up; medians of 15 runs, the median of the 15 per-round ratios (a busy machine
 * slows a round's runs alike, so the pairs cancel what the load does over time), and the peak RSS
 * of each (median of 5). Goal: `--help` within 2x node (the per-round median) and under 0.4 s.
 */
export async function run(): Promise<BenchResult> {
  const cases = Object.keys(CASES) as Case[]
  for (const c of cases) runMs(CASES[c].args)
  const ms: Record<Case, number[]> = { node: [], help: [], check: [] }
  for (let i = 0; i < RUNS; i++) for (const c of cases) ms[c].push(runMs(CASES[c].args))
  const rss: Record<Case, number[]> = { node: [], help: [], check: [] }
  for (let i = 0; i < 5; i++) for (const c of cases) rss[c].push(maxRssMiB(CASES[c].args))
  const ratios = (c: Case): number[] => ms[c].map((m, i) => m / ms.node[i]!)
  for (const c of cases) {
    const ratio = c === 'node' ? '' : `  ${median(ratios(c)).toFixed(2)}x node`
    console.log(
      `${CASES[c].label.padEnd(30)} median ${median(ms[c]).toFixed(0).padStart(4)} ms${ratio.padEnd(13)}  RSS ${median(rss[c]).toFixed(0)} MiB  (runs: ${ms[c].map((x) => x.toFixed(0)).join(', ')} ms)`,
    )
  }
  const helpMs = median(ms.help)
  const ratio = median(ratios('help'))
  console.log(
    `ferry --help: ${helpMs.toFixed(0)} ms, ${ratio.toFixed(2)}x node (goal: ≤ 2x node and < 400 ms)`,
  )
  return {
    name: 'CLI start-up: ferry --help against node -e 0',
    target: `${helpMs.toFixed(0)} ms, ${ratio.toFixed(2)}x node; goal ≤ 2x and < 400 ms`,
    met: ratio <= 2 && helpMs < 400,
  }
}
