import { startDevnet } from '../src/devnet/startDevnet.ts'
import type { BenchResult } from './run.ts'

/**
 * Starts and stops the full devnet (two anvil chains with the contracts, Solana, the simulator
 * and the solver) three times and prints the median of each. Target: start + stop under 10 s.
 */
export async function run(): Promise<BenchResult> {
  const starts: number[] = []
  const stops: number[] = []
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now()
    const devnet = await startDevnet()
    const t1 = performance.now()
    await devnet.stop()
    const t2 = performance.now()
    starts.push(t1 - t0)
    stops.push(t2 - t1)
  }
  const median = (v: number[]): number => [...v].sort((a, b) => a - b)[1]!
  const totalS = (median(starts) + median(stops)) / 1000
  console.log(
    `devnet start   median ${(median(starts) / 1000).toFixed(2)} s  (runs: ${starts.map((s) => (s / 1000).toFixed(2)).join(', ')})`,
  )
  console.log(
    `devnet stop    median ${(median(stops) / 1000).toFixed(2)} s  (runs: ${stops.map((s) => (s / 1000).toFixed(2)).join(', ')})`,
  )
  console.log(`start + stop   ${totalS.toFixed(2)} s (target < 10 s)`)
  return { name: 'devnet start + stop', target: `${totalS.toFixed(2)} s < 10 s`, met: totalS < 10 }
}
