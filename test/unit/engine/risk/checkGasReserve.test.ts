import { describe, expect, test } from 'vitest'
import { checkGasReserve } from '../../../../src/engine/risk/checkGasReserve.ts'
import { buildContext, buildIntent, NATIVE } from './buildRiskFixture.ts'

describe('checkGasReserve', () => {
  test('default: 0.002 ETH minus 0.0001 ETH of fees stays above a 0.001 ETH reserve', () => {
    expect(checkGasReserve(buildIntent(), buildContext())).toEqual({ kind: 'accept' })
  })

  test('behavior: boundary, ending exactly on the reserve passes, one wei under is rejected', () => {
    const at = buildIntent({ nativeCost: 1_000_000_000_000_000n })
    expect(checkGasReserve(at, buildContext()).kind).toBe('accept')
    const under = buildIntent({ nativeCost: 1_000_000_000_000_001n })
    expect(checkGasReserve(under, buildContext())).toMatchObject({
      kind: 'reject',
      reason: 'gasReserveBreached',
    })
  })

  test('behavior: selling the native token counts amountIn against the reserve', () => {
    const base = buildIntent()
    const route = { ...base.route, srcToken: NATIVE, amountIn: 900_000_000_000_001n }
    const intent = { ...base, route, amountIn: route.amountIn }
    expect(checkGasReserve(intent, buildContext())).toMatchObject({ reason: 'gasReserveBreached' })
  })

  test('behavior: a reserve on a chain with no native balance in the snapshot is rejected', () => {
    const context = buildContext()
    const empty = { ...context, snapshot: { ...context.snapshot, balances: [] } }
    expect(checkGasReserve(buildIntent(), empty)).toMatchObject({ reason: 'gasReserveBreached' })
  })
})
