import { UsageError } from '../common/UsageError.ts'

const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
}

const DURATION_RE = /^(\d+(?:\.\d+)?)(s|m|h|d|w)$/
// A calendar date, optionally with a time and an offset: what ISO 8601 writers produce.
const ISO_RE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * Reads `ferry report --since`: a duration back from `nowMs` (`90m`, `24h`, `7d`, `2w`; units
 * s, m, h, d, w) or an ISO date (`2026-11-01`, `2026-11-01T08:00`, `2026-11-01T08:00:00+02:00`).
 * A date or time without an offset is UTC, as every time ferry shows. Returns clock ms.
 * @throws UsageError naming `--since` for anything else.
 */
export function parseSinceMs(text: string, nowMs: number): number {
  const value = text.trim()
  const duration = DURATION_RE.exec(value)
  if (duration) return nowMs - Number(duration[1]) * UNIT_MS[duration[2]!]!
  const iso = ISO_RE.exec(value)
  if (iso && isCalendarDate(value.slice(0, 10))) {
    const dateOnly = value.length === 10
    const hasOffset = iso[1] !== undefined
    const ms = Date.parse(
      dateOnly ? `${value}T00:00:00Z` : `${value.replace(' ', 'T')}${hasOffset ? '' : 'Z'}`,
    )
    if (Number.isFinite(ms)) return ms
  }
  throw new UsageError(
    '--since',
    `"${text}" is neither a duration nor an ISO date`,
    'write a duration back from now like 24h or 7d (units s, m, h, d, w), or a date like 2026-11-01 or 2026-11-01T08:00Z (UTC unless an offset is given)',
  )
}

/** Whether `yyyy-mm-dd` names a real day (Date.parse rolls 2026-02-30 over to March). */
function isCalendarDate(date: string): boolean {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number)
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth
}
