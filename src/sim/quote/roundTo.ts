/** Rounds `value` half away from zero to `decimals` places; USD figures and points use it. */
export function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals
  return Math.sign(value) * (Math.round(Math.abs(value) * scale) / scale)
}
