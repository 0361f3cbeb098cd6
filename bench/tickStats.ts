/** Statistics of the tick benches' side-by-side samples, ms. */

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!
}

export const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b)
export const sum = (values: number[]): number => values.reduce((total, v) => total + v, 0)

/** Medians, p90s, the overhead of the medians and the median of the paired on/off ratios, %. */
export function compareTicks(off: number[], on: number[]) {
  const medianOff = percentile(sorted(off), 50)
  const medianOn = percentile(sorted(on), 50)
  // A tick whose CPU time rounds to 0 has no ratio: such pairs are left out of the paired figure.
  const ratios = on.flatMap((t, i) => (off[i]! > 0 ? [t / off[i]!] : []))
  return {
    ticks: off.length,
    medianOff,
    medianOn,
    p90Off: percentile(sorted(off), 90),
    p90On: percentile(sorted(on), 90),
    overheadPct: ((medianOn - medianOff) / medianOff) * 100,
    pairedPct: (percentile(sorted(ratios), 50) - 1) * 100,
  }
}

/** The process's CPU time so far, ms: user + system of every thread (GC helpers too). */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
