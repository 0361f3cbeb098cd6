/** Common scale for comparing amounts of one asset held with different decimals. */
export const COMMON_DECIMALS = 18

/** `amount` (with `decimals` digits) rescaled to {@link COMMON_DECIMALS}; floors when shrinking. */
export function toCommonScale(amount: bigint, decimals: number): bigint {
  const shift = COMMON_DECIMALS - decimals
  return shift >= 0 ? amount * 10n ** BigInt(shift) : amount / 10n ** BigInt(-shift)
}

/** `amount` in {@link COMMON_DECIMALS} back to `decimals` digits, floored. */
export function fromCommonScale(amount: bigint, decimals: number): bigint {
  const shift = COMMON_DECIMALS - decimals
  return shift >= 0 ? amount / 10n ** BigInt(shift) : amount * 10n ** BigInt(-shift)
}

/**
 * How much `to` differs from `from`, in bps of `from`: positive when `to` is larger. Exact to a
 * millionth of a bp (bigint maths, truncated toward zero), so thresholds compare exactly at
 * their boundary. 0 when `from` is 0.
 */
export function changeBps(from: bigint, to: bigint): number {
  if (from === 0n) return 0
  return Number(((to - from) * 10_000_000_000n) / from) / 1_000_000
}
