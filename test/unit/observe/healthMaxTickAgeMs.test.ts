import { describe, expect, test } from 'vitest'
import { healthMaxTickAgeMs } from '../../../src/observe/healthMaxTickAgeMs.ts'

const HOUR_MS = 3_600_000
const SLACK_MS = 120_000
const FLOOR_MS = 180_000
/** Wednesday 2024-01-03 12:00 UTC. */
const NOW_MS = Date.UTC(2024, 0, 3, 12)

describe('healthMaxTickAgeMs', () => {
  test('default: twice the interval plus its jitter, plus slack for the tick itself', () => {
    expect(
      healthMaxTickAgeMs([{ schedule: { intervalMs: 900_000, jitterMs: 30_000 } }], NOW_MS),
    ).toBe(2 * 930_000 + SLACK_MS)
  })

  test('behavior: the most frequent enabled strategy sets the pace; disabled ones do not count', () => {
    const strategies = [
      { schedule: { intervalMs: HOUR_MS } },
      { schedule: { intervalMs: 600_000 } },
      { enabled: false, schedule: { intervalMs: 1_000 } },
    ]
    expect(healthMaxTickAgeMs(strategies, NOW_MS)).toBe(2 * 600_000 + SLACK_MS)
  })

  test('behavior: a cron counts its longest gap (a weekday cron, its weekend)', () => {
    expect(healthMaxTickAgeMs([{ schedule: { cron: '0 9 * * MON-FRI' } }], NOW_MS)).toBe(
      2 * 72 * HOUR_MS + SLACK_MS,
    )
    expect(
      healthMaxTickAgeMs([{ schedule: { cron: '*/15 * * * *', jitterMs: 60_000 } }], NOW_MS),
    ).toBe(2 * (15 * 60_000 + 60_000) + SLACK_MS)
  })

  test('behavior: fast schedules and no enabled strategy give the floor', () => {
    expect(healthMaxTickAgeMs([{ schedule: { intervalMs: 3_000, jitterMs: 200 } }], NOW_MS)).toBe(
      FLOOR_MS,
    )
    expect(healthMaxTickAgeMs([], NOW_MS)).toBe(FLOOR_MS)
  })
})
