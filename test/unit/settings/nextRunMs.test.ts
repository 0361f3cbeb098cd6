import { describe, expect, test } from 'vitest'
import { nextRunMs } from '../../../src/settings/nextRunMs.ts'

const at = (iso: string): number => Date.parse(iso)
const noJitter = (): number => 0

describe('nextRunMs', () => {
  test('default: an interval is due intervalMs after afterMs', () => {
    expect(nextRunMs({ intervalMs: 60_000 }, 1_000, noJitter)).toBe(61_000)
  })

  test('behavior: cron every 15 min fires at the next quarter hour, strictly after afterMs', () => {
    const every15 = { cron: '*/15 * * * *' }
    expect(nextRunMs(every15, at('2024-03-01T10:07:30Z'), noJitter)).toBe(
      at('2024-03-01T10:15:00Z'),
    )
    // Exactly on a fire time: the next one, so a tick at 10:15 never schedules itself again.
    expect(nextRunMs(every15, at('2024-03-01T10:15:00Z'), noJitter)).toBe(
      at('2024-03-01T10:30:00Z'),
    )
    expect(nextRunMs(every15, at('2024-03-01T10:15:00.400Z'), noJitter)).toBe(
      at('2024-03-01T10:30:00Z'),
    )
    expect(nextRunMs(every15, at('2024-03-01T23:59:59.999Z'), noJitter)).toBe(
      at('2024-03-02T00:00:00Z'),
    )
  })

  test('behavior: 6 fields put seconds first', () => {
    const every10s = { cron: '*/10 * * * * *' }
    expect(nextRunMs(every10s, at('2024-03-01T10:00:00Z'), noJitter)).toBe(
      at('2024-03-01T10:00:10Z'),
    )
    expect(nextRunMs({ cron: '30 0 9 * * *' }, at('2024-03-01T09:00:00Z'), noJitter)).toBe(
      at('2024-03-01T09:00:30Z'),
    )
  })

  test('behavior: day of week, by number and by name, in UTC', () => {
    // 2024-03-01 is a Friday; the next Monday is 2024-03-04.
    expect(nextRunMs({ cron: '0 9 * * 1' }, at('2024-03-01T12:00:00Z'), noJitter)).toBe(
      at('2024-03-04T09:00:00Z'),
    )
    expect(nextRunMs({ cron: '0 9 * * MON-FRI' }, at('2024-03-01T08:59:59Z'), noJitter)).toBe(
      at('2024-03-01T09:00:00Z'),
    )
    expect(nextRunMs({ cron: '0 9 * * MON-FRI' }, at('2024-03-01T09:00:00Z'), noJitter)).toBe(
      at('2024-03-04T09:00:00Z'),
    )
  })

  test('behavior: jitter adds floor(random * jitterMs), from 0 to jitterMs - 1', () => {
    const interval = { intervalMs: 10_000, jitterMs: 2_000 }
    expect(nextRunMs(interval, 0, () => 0)).toBe(10_000)
    expect(nextRunMs(interval, 0, () => 0.5)).toBe(11_000)
    expect(nextRunMs(interval, 0, () => 0.999_999)).toBe(11_999)
    const cron = { cron: '0 * * * *', jitterMs: 30_000 }
    const hour = at('2024-03-01T11:00:00Z')
    expect(nextRunMs(cron, at('2024-03-01T10:20:00Z'), () => 0)).toBe(hour)
    expect(nextRunMs(cron, at('2024-03-01T10:20:00Z'), () => 0.999_999)).toBe(hour + 29_999)
  })

  test('behavior: a schedule the config schema would refuse is a fault', () => {
    expect(() => nextRunMs({}, 0, noJitter)).toThrow(/neither cron nor intervalMs/)
    expect(() => nextRunMs({ cron: '0 0 30 2 *' }, 0, noJitter)).toThrow(/never fires/)
  })
})
