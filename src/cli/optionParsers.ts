import { InvalidArgumentError } from 'commander'

/** Commander parser for a non-negative integer flag (`--take 10`). */
export function parseIntegerOption(value: string): number {
  if (!/^(0|[1-9][0-9]*)$/.test(value))
    throw new InvalidArgumentError('expected a non-negative integer')
  return Number(value)
}

/** Commander parser for a decimal number flag (`--affiliate-fee-percent 0.1`). */
export function parseNumberOption(value: string): number {
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n))
    throw new InvalidArgumentError('expected a number')
  return n
}

/** Commander parser for a JSON object flag (`--net-hook '{"type":…}'`). */
export function parseJsonOption(value: string): unknown {
  try {
    return JSON.parse(value)
  } catch {
    throw new InvalidArgumentError('expected a JSON object')
  }
}

/** Commander parser for `--slippage auto|<percent>`. */
export function parseSlippageOption(value: string): number | 'auto' {
  return value === 'auto' ? 'auto' : parseNumberOption(value)
}

/** Commander parser for a positive integer flag (`--limit 20`). */
export function parsePositiveIntegerOption(value: string): number {
  if (!/^[1-9][0-9]*$/.test(value)) throw new InvalidArgumentError('expected a positive integer')
  return Number(value)
}
