/** Rounds a USD figure to cents, so summed floats do not show binary noise. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 100) / 100
}
