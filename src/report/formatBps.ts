/** `38.35` for a bps figure (two decimals, grouped thousands); `-` when there is none. Pure. */
export function formatBps(bps: number | undefined): string {
  if (bps === undefined || !Number.isFinite(bps)) return '-'
  return bps.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}
