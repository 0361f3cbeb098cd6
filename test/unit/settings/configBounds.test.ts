import { describe, expect, test } from 'vitest'
import { checkStrategyParams } from '../../../src/settings/checkStrategyParams.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import { strategyParamsSchemas } from '../../../src/settings/strategyParamsSchemas.ts'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'

const EIGHTY_DIGITS = '9'.repeat(80)

function problemsOf(text: string) {
  const result = parseFerryConfig(text, {})
  if (!result.ok) return result.problems
  return checkStrategyParams(result.config, strategyParamsSchemas(builtInStrategies as never))
}

describe('config bounds: nonsense numbers are refused with the key and the fix', () => {
  test('failure: a USD cap of 1e308 is refused (a trillion is the most a cap may say)', () => {
    expect(problemsOf('risk: { maxNotionalUsdPerDay: 1e308 }\n')).toContainEqual(
      expect.objectContaining({
        path: 'risk.maxNotionalUsdPerDay',
        problem: 'is above 1e12 USD',
      }),
    )
    expect(problemsOf('risk: { maxNotionalUsdPerDay: 250000 }\n')).toEqual([])
  })

  test('failure: an 80-digit amount is refused, in risk and in a strategy param', () => {
    expect(problemsOf(`risk: { gasReserve: { "42161": "${EIGHTY_DIGITS}" } }\n`)).toContainEqual(
      expect.objectContaining({
        path: 'risk.gasReserve.42161',
        problem: 'is above 2^256 - 1, the largest token amount',
      }),
    )
    const params = problemsOf(`strategies:
  - name: rebalance
    id: usdc
    schedule: { intervalMs: 1000 }
    params:
      chains:
        - { chainId: 42161, token: "0xaf88d065e77c8cc2239327c5edb3a432268e5831", targetAmount: "${EIGHTY_DIGITS}" }
        - { chainId: 8453, token: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", targetAmount: "1000" }
      maxCostBps: 50
`)
    expect(JSON.stringify(params)).toContain('is above 2^256 - 1, the largest token amount')
  })
})
