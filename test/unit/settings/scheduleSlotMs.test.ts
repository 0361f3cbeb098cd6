import { describe, expect, test } from 'vitest'
import { scheduleSlotMs } from '../../../src/settings/scheduleSlotMs.ts'

describe('scheduleSlotMs', () => {
  test('default: interval slots are multiples of the interval, whatever the jitter', () => {
    expect(scheduleSlotMs({ intervalMs: 60_000, jitterMs: 5_000 } as never, 125_000)).toBe(120_000)
    expect(scheduleSlotMs({ intervalMs: 60_000 }, 179_999)).toBe(120_000)
    expect(scheduleSlotMs({ intervalMs: 60_000 }, 180_000)).toBe(180_000)
  })

  test('behavior: a cron slot starts at the latest fire time at or before now', () => {
    const at = (iso: string) => Date.parse(iso)
    const every15 = { cron: '*/15 * * * *' }
    expect(scheduleSlotMs(every15, at('2026-11-26T13:44:59Z'))).toBe(at('2026-11-26T13:30:00Z'))
    expect(scheduleSlotMs(every15, at('2026-11-26T13:45:00Z'))).toBe(at('2026-11-26T13:45:00Z'))
  })
})
