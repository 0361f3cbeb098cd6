/** An intent left in flight at a stop, as the journal has it. */
export type StoppedIntent = { id: string; state: string }

/**
 * What `ferry run` says when a stop (the first Ctrl-C, SIGTERM) ended it: that pending calls were
 * aborted, what is still in flight, and that the next start reconciles it (docs/operations.md).
 * `gaveUp` says the grace period ran out before every send had reached the journal. Pure.
 */
export function describeStop(inFlight: readonly StoppedIntent[], gaveUp: boolean): string[] {
  const lines = ['ferry: stopped; pending service and RPC calls were aborted']
  if (gaveUp) lines.push('  the grace period ran out before every send under way had finished')
  if (inFlight.length === 0) {
    lines.push('  nothing is in flight')
    return lines
  }
  const shown = inFlight.slice(0, 5).map((i) => `${i.id} (${i.state})`)
  const more = inFlight.length > shown.length ? `, and ${inFlight.length - shown.length} more` : ''
  lines.push(
    `  still in flight: ${inFlight.length} intent(s): ${shown.join(', ')}${more}`,
    '  a restart (ferry run with the same journal) reconciles them before anything new starts',
  )
  return lines
}
