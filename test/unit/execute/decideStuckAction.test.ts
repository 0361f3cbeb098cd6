import { describe, expect, test } from 'vitest'
import { decideStuckAction, type StuckFacts } from '../../../src/execute/decideStuckAction.ts'

// 1 000 USDC (6 decimals) at $1 went in; the order asks the taker for 998 USDC on the destination.
const USDC = { usdE18: 10n ** 18n, decimals: 6, source: 'peg 1' }
const facts = (over: Partial<StuckFacts> = {}): StuckFacts => ({
  policy: { onStuck: 'patch', maxPatches: 2, patchStepBps: 10 },
  maxCostBps: 50,
  patchesMade: 0,
  takeAmount: 998_000_000n,
  takeSubtrahend: 0n,
  inputUsdE18: 1_000n * 10n ** 18n,
  takePrice: USDC,
  ...over,
})

describe('decideStuckAction', () => {
  test('default: patch lowers the take one step below the subtrahend on chain, within the cost cap', () => {
    expect(decideStuckAction(facts())).toMatchObject({
      action: 'patch',
      newSubtrahend: 998_000n,
      newTakeAmount: 997_002_000n,
      costBps: 30,
    })
  })

  test('a later patch steps from the subtrahend on chain, not from zero', () => {
    const next = decideStuckAction(facts({ patchesMade: 1, takeSubtrahend: 998_000n }))
    expect(next).toMatchObject({ action: 'patch', newSubtrahend: 1_996_000n, costBps: 40 })
  })

  test('alert and cancel policies do what they say, whatever the patch budget', () => {
    const alert = decideStuckAction(
      facts({ policy: { onStuck: 'alert', maxPatches: 2, patchStepBps: 10 } }),
    )
    expect(alert.action).toBe('alert')
    const cancel = decideStuckAction(
      facts({ policy: { onStuck: 'cancel', maxPatches: 2, patchStepBps: 10 } }),
    )
    expect(cancel.action).toBe('cancel')
  })

  test('maxPatches reached: cancel', () => {
    const d = decideStuckAction(facts({ patchesMade: 2, takeSubtrahend: 1_996_000n }))
    expect(d).toEqual({ action: 'cancel', detail: '2 of maxPatches 2 patches made' })
  })

  test('a patch that would cost more than maxCostBps at trusted prices cancels instead', () => {
    // 998 − 0.998 = 997.002 USDC for 1 000 in: 30 bps, above a 25 bps cap.
    const d = decideStuckAction(facts({ maxCostBps: 25 }))
    expect(d.action).toBe('cancel')
    expect(d.detail).toBe('patch 1 would cost 30 bps, above maxCostBps 25')
  })

  test('a patch exactly at the cap is sent', () => {
    expect(decideStuckAction(facts({ maxCostBps: 30 })).action).toBe('patch')
  })

  test('the cost is valued at the trusted price, not at face value', () => {
    // The take token trades at $0.99: 997.002 × 0.99 ≈ 987.03 for 1 000 in, 130 bps.
    const d = decideStuckAction(facts({ takePrice: { ...USDC, usdE18: 99n * 10n ** 16n } }))
    expect(d).toMatchObject({ action: 'cancel' })
    expect(d.detail).toContain('would cost 130 bps')
  })

  test('unpriced input or take token: cancel, never a guess', () => {
    expect(decideStuckAction(facts({ takePrice: undefined })).action).toBe('cancel')
    expect(decideStuckAction(facts({ inputUsdE18: undefined })).action).toBe('cancel')
  })

  test('a take too small for a whole step still moves by one base unit, and never reaches zero', () => {
    expect(
      decideStuckAction(
        facts({ takeAmount: 5n, inputUsdE18: 5n * 10n ** 12n, maxCostBps: 10_000 }),
      ),
    ).toMatchObject({
      action: 'patch',
      newSubtrahend: 1n,
    })
    const end = decideStuckAction(facts({ takeAmount: 5n, takeSubtrahend: 4n, maxCostBps: 10_000 }))
    expect(end).toEqual({ action: 'cancel', detail: 'the take cannot be lowered any further' })
  })
})
