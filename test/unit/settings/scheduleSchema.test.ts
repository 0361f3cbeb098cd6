import { describe, expect, test } from 'vitest'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'

function cronProblems(...crons: string[]) {
  const strategies = crons
    .map((cron, i) => `  - { name: sweep, id: s${i}, schedule: { cron: ${JSON.stringify(cron)} } }`)
    .join('\n')
  const result = parseFerryConfig(`strategies:\n${strategies}\n`, {})
  return result.ok ? [] : result.problems
}

describe('scheduleSchema cron', () => {
  test('default: 5 fields, 6 fields with seconds, names and steps are accepted', () => {
    expect(
      cronProblems('*/15 * * * *', '*/10 * * * * *', '0 9 * * MON-FRI', '0 0 1 JAN *'),
    ).toEqual([])
  })

  test('behavior: a value out of range or a zero step names the key, the field and the fix', () => {
    const problems = cronProblems('61 * * * *', '*/0 * * * *', '0 24 * * *')
    expect(problems.map((p) => p.path)).toEqual([
      'strategies[0].schedule.cron',
      'strategies[1].schedule.cron',
      'strategies[2].schedule.cron',
    ])
    expect(problems[0]?.problem).toBe('is not a cron expression (Invalid value for minute: 61)')
    expect(problems[1]?.problem).toBe(
      'is not a cron expression (Syntax error, illegal stepping: 0)',
    )
    expect(problems[2]?.problem).toBe('is not a cron expression (Invalid value for hour: 24)')
    for (const p of problems) expect(p.fix).toContain('"minute hour day month weekday"')
  })

  test('behavior: wrong field counts and expressions that never fire are refused', () => {
    const problems = cronProblems('* * * *', '0 0 0 1 1 * 2030', '0 0 30 2 *')
    expect(problems).toEqual([
      expect.objectContaining({
        path: 'strategies[0].schedule.cron',
        problem: expect.stringContaining('five, six, or seven space separated parts'),
      }),
      expect.objectContaining({
        path: 'strategies[1].schedule.cron',
        problem: expect.stringContaining('requires exactly 5 or 6 parts'),
      }),
      expect.objectContaining({ path: 'strategies[2].schedule.cron', problem: 'never fires' }),
    ])
  })
})
