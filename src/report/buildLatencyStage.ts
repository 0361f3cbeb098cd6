import type { LatencyBin, LatencyStage, LatencyStageName } from './reportTypes.ts'

/** About this many bins per histogram; the width is rounded to 1, 2 or 5 × 10^k ms. */
const TARGET_BINS = 10

/**
 * The distribution of one stage's durations: count, nearest-rank p50 and p90, the maximum, and a
 * histogram whose bin width is a round number of ms (1, 2 or 5 × 10^k) chosen for about ten bins
 * between the fastest and the slowest sample. Negative samples (clock steps) are dropped. Pure.
 */
export function buildLatencyStage(
  stage: LatencyStageName,
  label: string,
  samplesMs: readonly number[],
): LatencyStage {
  const sorted = samplesMs.filter((ms) => Number.isFinite(ms) && ms >= 0).sort((a, b) => a - b)
  return {
    stage,
    label,
    count: sorted.length,
    p50Ms: nearestRank(sorted, 0.5),
    p90Ms: nearestRank(sorted, 0.9),
    maxMs: sorted.at(-1),
    samplesMs: sorted,
    histogram: histogram(sorted),
  }
}

/** The smallest sample with at least `q` of the samples at or below it. */
function nearestRank(sorted: readonly number[], q: number): number | undefined {
  if (sorted.length === 0) return undefined
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]
}

function histogram(sorted: readonly number[]): LatencyBin[] {
  const min = sorted[0]
  const max = sorted.at(-1)
  if (min === undefined || max === undefined) return []
  const range = max - min
  // Identical samples still get a bin wide enough to read (a tenth of their value).
  const widthMs = roundUpToNice(Math.max((range > 0 ? range : min) / TARGET_BINS, 1))
  const startMs = Math.floor(min / widthMs) * widthMs
  const bins: LatencyBin[] = []
  for (let from = startMs; from <= max; from += widthMs) {
    bins.push({ fromMs: from, toMs: from + widthMs, count: 0 })
  }
  for (const ms of sorted) bins[Math.floor((ms - startMs) / widthMs)]!.count++
  return bins
}

/** The smallest 1, 2 or 5 × 10^k at or above `value` (value ≥ 1). */
function roundUpToNice(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value))
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power
  return 10 * power
}
