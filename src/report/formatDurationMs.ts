/**
 * A duration for people, precise enough to compare neighbours: `850 ms`, `4.2 s`, `12 s`,
 * `3 min 05 s`, `2 h 04 min`; `-` when there is none. Pure.
 */
export function formatDurationMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '-'
  const sign = ms < 0 ? '-' : ''
  const abs = Math.abs(ms)
  if (abs < 1_000) return `${sign}${Math.round(abs)} ms`
  if (abs < 10_000) return `${sign}${trimZero((abs / 1_000).toFixed(2))} s`
  if (abs < 60_000) return `${sign}${trimZero((abs / 1_000).toFixed(1))} s`
  const totalS = Math.round(abs / 1_000)
  if (totalS < 3_600) {
    return `${sign}${Math.floor(totalS / 60)} min ${String(totalS % 60).padStart(2, '0')} s`
  }
  const totalMin = Math.round(abs / 60_000)
  return `${sign}${Math.floor(totalMin / 60)} h ${String(totalMin % 60).padStart(2, '0')} min`
}

function trimZero(text: string): string {
  return text.replace(/\.?0+$/, '')
}
