import { describe, expect, test } from 'vitest'
import { UsageError } from '../../../src/common/UsageError.ts'
import { parseSinceMs } from '../../../src/report/parseSinceMs.ts'

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0)

describe('parseSinceMs', () => {
  test('default: a duration counts back from now', () => {
    expect(parseSinceMs('24h', NOW)).toBe(NOW - 86_400_000)
    expect(parseSinceMs('7d', NOW)).toBe(NOW - 7 * 86_400_000)
    expect(parseSinceMs('90m', NOW)).toBe(NOW - 90 * 60_000)
    expect(parseSinceMs('30s', NOW)).toBe(NOW - 30_000)
    expect(parseSinceMs('2w', NOW)).toBe(NOW - 14 * 86_400_000)
    expect(parseSinceMs('1.5h', NOW)).toBe(NOW - 5_400_000)
  })

  test('behavior: ISO dates and times are UTC unless they carry an offset', () => {
    expect(parseSinceMs('2026-11-01', NOW)).toBe(Date.UTC(2026, 10, 1))
    expect(parseSinceMs('2026-11-01T08:30', NOW)).toBe(Date.UTC(2026, 10, 1, 8, 30))
    expect(parseSinceMs('2026-11-01 08:30:15', NOW)).toBe(Date.UTC(2026, 10, 1, 8, 30, 15))
    expect(parseSinceMs('2026-11-01T08:30:00Z', NOW)).toBe(Date.UTC(2026, 10, 1, 8, 30))
    expect(parseSinceMs('2026-11-01T08:30:00+02:00', NOW)).toBe(Date.UTC(2026, 10, 1, 6, 30))
  })

  test('behavior: anything else is a usage error naming --since', () => {
    for (const bad of ['yesterday', '24', 'h', '-1d', '2026-02-30', '2026-13-01', '1y', '']) {
      expect(() => parseSinceMs(bad, NOW), bad).toThrow(UsageError)
    }
    expect(() => parseSinceMs('soon', NOW)).toThrow(/--since/)
  })
})
