import { describe, expect, test } from 'vitest'
import { configJsonSchema } from '../../../src/settings/configJsonSchema.ts'
import { strategyParamsJsonSchemas } from '../../../src/settings/strategyParamsJsonSchemas.ts'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'

describe('configJsonSchema', () => {
  test('default: a JSON Schema with every section and its documented keys', () => {
    const schema = configJsonSchema() as {
      properties: Record<string, { properties?: Record<string, unknown> }>
      additionalProperties: unknown
    }
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining([
        'mode',
        'service',
        'chains',
        'wallets',
        'risk',
        'strategies',
        'tracking',
        'observe',
      ]),
    )
    expect(schema.additionalProperties).toBe(false)
    expect(Object.keys(schema.properties.risk?.properties ?? {})).toContain('maxCostBps')
    expect(() => JSON.stringify(schema)).not.toThrow()
  })

  test('behavior: with the strategies, params complete per strategy name', () => {
    const strategyParams = strategyParamsJsonSchemas(builtInStrategies)
    const text = JSON.stringify(configJsonSchema({ strategyParams }))
    expect(text).toContain('"const":"rebalance"')
    expect(text).toContain('toleranceBps')
    expect(text).toContain('minProfitBps')
  })
})

describe('configJsonSchema with plugins', () => {
  test('behavior: a module instance gets its params schema by module path; entries need name or module', () => {
    const schema = configJsonSchema({
      strategyParams: {
        ...strategyParamsJsonSchemas(builtInStrategies),
        'module:./mine.js': {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: { minAmount: { $ref: '#/$defs/amount' } },
          $defs: { amount: { type: 'string' } },
        },
      },
    }) as {
      properties: {
        strategies: {
          items: {
            oneOf: unknown[]
            allOf: { if: unknown; then: { properties: { params: Record<string, unknown> } } }[]
            properties: { name: { enum: string[] } }
          }
        }
      }
    }
    const item = schema.properties.strategies.items
    expect(item.oneOf).toEqual([{ required: ['name'] }, { required: ['module'] }])
    expect(item.properties.name.enum).toEqual(['rebalance', 'sweep', 'arbitrage'])
    const mine = item.allOf.find(
      (a) =>
        JSON.stringify(a.if) ===
        JSON.stringify({ properties: { module: { const: './mine.js' } }, required: ['module'] }),
    )
    expect(mine?.then.properties.params).toEqual({
      // Its own $id, so #/$defs/amount resolves inside it, not in the config schema.
      $id: 'urn:ferry:strategy-params:module%3A.%2Fmine.js',
      type: 'object',
      properties: { minAmount: { $ref: '#/$defs/amount' } },
      $defs: { amount: { type: 'string' } },
    })
  })
})
