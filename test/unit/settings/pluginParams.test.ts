import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { z as z3 } from 'zod/v3'
import { checkStrategyParams } from '../../../src/settings/checkStrategyParams.ts'
import { deepFreeze } from '../../../src/settings/deepFreeze.ts'
import { foreignZodParams } from '../../../src/settings/foreignZodParams.ts'
import { jsonSchemaParams } from '../../../src/settings/jsonSchemaParams.ts'

// zod's CommonJS build: another copy of zod 4, as a user's module that installs its own has.
const { z: otherZod } = createRequire(import.meta.url)('zod') as { z: typeof z }

/** The problems of one plugin instance (`module: ./mine.js`) with `params`, through the start-up check. */
function problemsOf(schema: z.ZodType, params: Record<string, unknown>) {
  const config = deepFreeze({
    strategies: [
      {
        id: 'mine',
        module: './mine.js',
        enabled: true,
        schedule: { intervalMs: 1000, jitterMs: 0 },
        params,
      },
    ],
  })
  return checkStrategyParams(config as never, { 'module:./mine.js': schema })
}

describe('foreignZodParams (a zod schema from the module’s own copy of zod)', () => {
  const theirs = otherZod.strictObject({
    minAmount: otherZod.string().regex(/^\d+$/).transform(BigInt),
    maxCostBps: otherZod.number().default(50),
  })

  test('default: not ferry’s zod, yet its output (transforms, defaults) is what the strategy gets', () => {
    expect(otherZod.ZodObject).not.toBe(z.ZodObject)
    expect(foreignZodParams(theirs).parse({ minAmount: '10' })).toEqual({
      minAmount: 10n,
      maxCostBps: 50,
    })
  })

  test('behavior: its issues become problems naming the strategy, the field and the fix', () => {
    const problems = problemsOf(foreignZodParams(theirs), { minAmount: 5, maxCostBsp: 1 })
    expect(problems).toEqual([
      {
        path: 'strategies[0].params.minAmount',
        problem: 'Invalid input: expected string, received number (strategy mine, ./mine.js)',
        fix: 'write a string',
      },
      {
        path: 'strategies[0].params.maxCostBsp',
        problem: 'is not a known key (strategy mine, ./mine.js)',
        fix: expect.stringContaining('check its spelling or remove it'),
      },
    ])
  })

  test('behavior: zod 3 schemas work too; issues ferry cannot read keep their path and message', () => {
    const v3 = z3.object({ side: z3.union([z3.literal('buy'), z3.literal('sell')]) })
    expect(foreignZodParams(v3).parse({ side: 'buy' })).toEqual({ side: 'buy' })
    const [problem] = problemsOf(foreignZodParams(v3), { side: 'hold' })
    expect(problem?.path).toBe('strategies[0].params.side')
    expect(problem?.problem).toContain('(strategy mine, ./mine.js)')
  })
})

describe('jsonSchemaParams (a JSON Schema, validated by ajv)', () => {
  const schema = {
    type: 'object',
    additionalProperties: false,
    required: ['minAmount'],
    properties: {
      minAmount: { type: 'string', pattern: '^[0-9]+$' },
      maxCostBps: { type: 'number', minimum: 0, maximum: 10000, default: 50 },
      side: { enum: ['buy', 'sell'] },
      legs: { type: 'array', items: { type: 'object', required: ['chainId'] } },
    },
  }

  test('default: valid params come out with the schema’s defaults, the frozen input untouched', () => {
    const input = deepFreeze({ minAmount: '10' })
    expect(jsonSchemaParams(schema, './mine.js').parse(input)).toEqual({
      minAmount: '10',
      maxCostBps: 50,
    })
    expect(input).toEqual({ minAmount: '10' })
  })

  test('behavior: every error names its key and a fix', () => {
    const problems = problemsOf(jsonSchemaParams(schema, './mine.js'), {
      maxCostBps: -1,
      side: 'hold',
      legs: [{}],
      extra: true,
    })
    const which = ' (strategy mine, ./mine.js)'
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          path: 'strategies[0].params.minAmount',
          problem: `is missing${which}`,
          fix: 'add this key (it is required)',
        },
        {
          path: 'strategies[0].params.extra',
          problem: `is not a known key${which}`,
          fix: 'check its spelling or remove it',
        },
        {
          path: 'strategies[0].params.maxCostBps',
          problem: `must be >= 0${which}`,
          fix: 'see paramsJsonSchema in ./mine.js',
        },
        {
          path: 'strategies[0].params.side',
          problem: `is not one of the allowed values${which}`,
          fix: 'use one of "buy", "sell"',
        },
        {
          path: 'strategies[0].params.legs[0].chainId',
          problem: `is missing${which}`,
          fix: 'add this key (it is required)',
        },
      ]),
    )
    expect(problems).toHaveLength(5)
    expect(problemsOf(jsonSchemaParams(schema, './mine.js'), { minAmount: 7 })[0]).toMatchObject({
      path: 'strategies[0].params.minAmount',
      fix: 'write a string',
    })
  })

  test('behavior: draft-07 by its $schema; an unknown dialect or keyword is refused at compile', () => {
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', ...schema }
    expect(jsonSchemaParams(draft7, 'x').safeParse({ minAmount: '1' }).success).toBe(true)
    expect(() =>
      jsonSchemaParams({ $schema: 'http://json-schema.org/draft-04/schema#' }, 'x'),
    ).toThrow(/draft-04.*2020-12/)
    expect(() => jsonSchemaParams({ type: 'object', requried: ['a'] }, 'x')).toThrow(/requried/)
  })
})
