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

  describe('a Safe account: the key pays the gas, the Safe holds the funds', () => {
    const KEY = '0x2222222222222222222222222222222222222222'
    const FIX_FEE = 1_000_000_000_000_000n
    const GAS = 100_000_000_000_000n
    // The Safe holds 2 ETH; the key holds `keyWei`.
    const safeContext = (keyWei: bigint, safeWei = 2_000_000_000_000_000_000n) => {
      const context = buildContext()
      const [native] = context.snapshot.balances
      const balances = [{ ...native!, amount: safeWei, gasPayer: { address: KEY, amount: keyWei } }]
      return { ...context, snapshot: { ...context.snapshot, balances } }
    }
    const intent = (overrides = {}) =>
      buildIntent({ nativeCost: FIX_FEE + GAS, nativeGasCost: GAS, ...overrides })

    test('behavior: the key balance is held against the reserve, whatever the Safe holds', () => {
      // A rich Safe does not hide a key that cannot pay for cancels: today's mistake.
      const poorKey = checkGasReserve(intent(), safeContext(1_000_000_000_000_000n + GAS - 1n))
      expect(poorKey).toMatchObject({ kind: 'reject', reason: 'gasReserveBreached' })
      expect((poorKey as { detail: string }).detail).toContain(`${KEY}, which pays the gas`)
      expect(checkGasReserve(intent(), safeContext(1_000_000_000_000_000n + GAS)).kind).toBe(
        'accept',
      )
    })

    test("behavior: the fixed fee is the Safe's to pay, not the key's", () => {
      // The key holds exactly reserve + gas: the 0.001 ETH fixed fee leaves the Safe.
      const context = safeContext(1_000_000_000_000_000n + GAS, FIX_FEE)
      expect(checkGasReserve(intent(), context).kind).toBe('accept')
      const short = safeContext(1_000_000_000_000_000n + GAS, FIX_FEE - 1n)
      expect(checkGasReserve(intent(), short)).toMatchObject({ reason: 'gasReserveBreached' })
    })

    test("behavior: a native give comes out of the Safe, leaving the key's reserve alone", () => {
      const base = buildIntent({ nativeCost: FIX_FEE + GAS, nativeGasCost: GAS })
      const give = 2_000_000_000_000_000_000n - FIX_FEE
      const route = { ...base.route, srcToken: NATIVE, amountIn: give }
      const all = { ...base, route, amountIn: give }
      expect(checkGasReserve(all, safeContext(1_000_000_000_000_000n + GAS)).kind).toBe('accept')
      const more = { ...all, amountIn: give + 1n }
      const refused = checkGasReserve(more, safeContext(1_000_000_000_000_000n + GAS))
      expect(refused).toMatchObject({ reason: 'gasReserveBreached' })
      expect((refused as { detail: string }).detail).toContain('short of')
    })

    test('behavior: a quote without its gas part counts all of its native cost on the key', () => {
      const unknown = buildIntent({ nativeCost: FIX_FEE + GAS })
      const enough = 1_000_000_000_000_000n + FIX_FEE + GAS
      expect(checkGasReserve(unknown, safeContext(enough)).kind).toBe('accept')
      expect(checkGasReserve(unknown, safeContext(enough - 1n)).kind).toBe('reject')
    })
  })
})
