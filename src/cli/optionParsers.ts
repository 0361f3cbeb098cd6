import { isIP } from 'node:net'
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

const DURATION_UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
}

/** Commander parser for a duration flag (`--for 2h`: ms, s, m, h or d), in ms. */
export function parseDurationOption(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(value.trim())
  if (!m) throw new InvalidArgumentError('expected a duration such as 90s, 30m, 2h or 1d')
  return Math.round(Number(m[1]) * DURATION_UNIT_MS[m[2]!]!)
}

/** One `--grid` axis: a config key and the values to try. */
export type GridAxis = { path: string; values: string[] }

/** Commander parser for a repeatable `--grid key=v1,v2,v3`, collected in order. */
export function parseGridOption(value: string, previous: GridAxis[] = []): GridAxis[] {
  const m = /^([A-Za-z0-9_.-]+)=(.+)$/.exec(value.trim())
  const values = (m?.[2] ?? '').split(',').map((v) => v.trim()) ?? []
  if (!m || values.some((v) => v === ''))
    throw new InvalidArgumentError('expected key=v1,v2,… such as risk.maxCostBps=20,40,80')
  if (previous.some((axis) => axis.path === m[1]))
    throw new InvalidArgumentError(
      `${m[1]} is given twice: list all its values in one --grid ${m[1]}=v1,v2,…`,
    )
  if (new Set(values).size !== values.length)
    throw new InvalidArgumentError(`${m[1]} lists a value twice: give each value once`)
  return [...previous, { path: m[1]!, values }]
}

/** Commander parser for a comma-separated list of TCP ports (`--evm-ports 8545,8546`), 0..65535. */
export function parsePortListOption(value: string): number[] {
  const parts = value.split(',').map((p) => p.trim())
  if (parts.some((p) => !/^(0|[1-9][0-9]{0,4})$/.test(p) || Number(p) > 65_535))
    throw new InvalidArgumentError('expected comma-separated ports from 0 to 65535, e.g. 8545,8546')
  return parts.map(Number)
}

/** Commander parser for an IP address to listen on (`--host 0.0.0.0`). */
export function parseListenHostOption(value: string): string {
  if (isIP(value) === 0)
    throw new InvalidArgumentError('expected an IP address such as 127.0.0.1 or 0.0.0.0')
  return value
}
