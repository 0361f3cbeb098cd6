import { UsageError } from './UsageError.ts'

/** 100% in basis points. */
export const BPS_DENOMINATOR = 10_000n

const INTEGER_RE = /^(0|[1-9][0-9]*)$/
const DECIMAL_RE = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/

/**
 * Parses a non-negative integer amount written in base units (`"1000000"`), as the service sends
 * and expects token amounts. Rejects signs, exponents, decimals and leading zeros.
 * @param field name used in the error, e.g. `srcChainTokenInAmount`.
 */
export function parseBaseUnits(text: string, field = 'amount'): bigint {
  if (!INTEGER_RE.test(text)) {
    throw new UsageError(
      field,
      `"${text}" is not an integer amount in base units`,
      'write the amount as a plain integer string of base units, e.g. 1000000 for 1 USDC (6 decimals)',
    )
  }
  return BigInt(text)
}

/**
 * Converts a decimal token amount (`"1.5"`) to base units with `decimals` digits. Exact: more
 * fractional digits than `decimals` is an error rather than a silent rounding.
 */
export function toBaseUnits(text: string, decimals: number, field = 'amount'): bigint {
  if (!DECIMAL_RE.test(text)) {
    throw new UsageError(field, `"${text}" is not a decimal amount`, 'write it like 12.5')
  }
  const [whole = '0', fraction = ''] = text.split('.')
  if (fraction.length > decimals) {
    throw new UsageError(
      field,
      `"${text}" has ${fraction.length} fractional digits but the token has ${decimals}`,
      `round it to at most ${decimals} decimal places`,
    )
  }
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
}

/**
 * Formats base units as a decimal string with `decimals` digits, trailing zeros trimmed:
 * `formatBaseUnits(1500000n, 6)` is `"1.5"`. Never goes through a float.
 */
export function formatBaseUnits(amount: bigint, decimals: number): string {
  const negative = amount < 0n
  const abs = negative ? -amount : amount
  const scale = 10n ** BigInt(decimals)
  const whole = abs / scale
  const fraction = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** `floor(amount * bps / 10000)`: the service's fee arithmetic (docs/dln.md §1.2) floors everywhere. */
export function mulBps(amount: bigint, bps: bigint | number): bigint {
  return (amount * BigInt(bps)) / BPS_DENOMINATOR
}

/**
 * How much smaller `actual` is than `reference`, in bps of `reference`, floored toward zero.
 * Negative when `actual` is larger. Returns 0 when `reference` is 0.
 */
export function shortfallBps(reference: bigint, actual: bigint): bigint {
  if (reference === 0n) return 0n
  return ((reference - actual) * BPS_DENOMINATOR) / reference
}

/**
 * Converts a percent given as the service writes it (`0.1` = 0.1%) to whole bps. Exact for up to
 * two decimal places; finer values are an error because the contracts work in whole units.
 */
export function percentToBps(percent: number, field = 'percent'): bigint {
  const bps = Math.round(percent * 100)
  if (Math.abs(bps - percent * 100) > 1e-9 || !Number.isFinite(percent)) {
    throw new UsageError(field, `${percent} is finer than 0.01%`, 'use at most two decimals')
  }
  return BigInt(bps)
}
