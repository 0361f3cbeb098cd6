import { describe, expect, test } from 'vitest'
import { configJsonSchema } from '../../../src/settings/configJsonSchema.ts'
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
    const strategyParams = Object.fromEntries(
      Object.entries(builtInStrategies).map(([name, s]) => [name, s.paramsSchema]),
    )
    const text = JSON.stringify(configJsonSchema({ strategyParams }))
    expect(text).toContain('"const":"rebalance"')
    expect(text).toContain('toleranceBps')
    expect(text).toContain('minProfitBps')
  })
})
