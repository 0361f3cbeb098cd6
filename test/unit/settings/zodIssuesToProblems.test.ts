import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { zodIssuesToProblems } from '../../../src/settings/zodIssuesToProblems.ts'

describe('zodIssuesToProblems', () => {
  test('behavior: a key of the wrong type says what to write; a missing key says to add it', () => {
    const parsed = z.strictObject({ a: z.number(), b: z.string() }).safeParse({ a: 'x' })
    expect(zodIssuesToProblems(parsed.error!.issues, ['params'])).toEqual([
      {
        path: 'params.a',
        problem: 'Invalid input: expected number, received string',
        fix: 'write a number',
      },
      {
        path: 'params.b',
        problem: 'Invalid input: expected string, received undefined',
        fix: 'add this key (it is required)',
      },
    ])
  })
})
