/** `2026-11-22 08:45:00Z` for a clock ms value (UTC, to the second); `-` when there is none. */
export function formatTimeMs(ms: number | undefined): string {
  if (ms === undefined) return '-'
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}Z`
}
