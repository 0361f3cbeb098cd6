/** `$1,234.56` for display; USD figures of the service are floats and shown rounded to cents. */
export function formatUsd(usd: number): string {
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}
