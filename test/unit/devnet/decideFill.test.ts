import { describe, expect, test } from 'vitest'
import { decideFill } from '../../../src/devnet/solver/decideFill.ts'

describe('decideFill: the devnet solver fills only what pays it', () => {
  test('a take worth less than the give minus the margin is filled', () => {
    const d = decideFill({ giveUsd: 1000, takeUsd: 999, minMarginBps: 2 })
    expect(d).toEqual({ fill: true, marginBps: expect.closeTo(10, 6) })
  })

  test('a margin exactly at the minimum is filled; just under it is not', () => {
    expect(decideFill({ giveUsd: 10_000, takeUsd: 9998, minMarginBps: 2 }).fill).toBe(true)
    expect(decideFill({ giveUsd: 10_000, takeUsd: 9998.5, minMarginBps: 2 })).toMatchObject({
      fill: false,
      reason: 'unprofitable',
    })
  })

  test('a take worth more than the give is left unfilled, with the loss as a negative margin', () => {
    const d = decideFill({ giveUsd: 1000, takeUsd: 1010, minMarginBps: 2 })
    expect(d).toMatchObject({ fill: false, reason: 'unprofitable' })
    expect(d.marginBps).toBeCloseTo(-100, 6)
  })

  test('an order that gives nothing is never filled, even for a free take', () => {
    expect(decideFill({ giveUsd: 0, takeUsd: 0, minMarginBps: 0 })).toMatchObject({
      fill: false,
      reason: 'nothingGiven',
    })
  })

  test('a token the market does not price is never filled', () => {
    expect(decideFill({ giveUsd: undefined, takeUsd: 5, minMarginBps: 2 })).toMatchObject({
      fill: false,
      reason: 'unknownToken',
    })
    expect(decideFill({ giveUsd: 5, takeUsd: undefined, minMarginBps: 2 })).toMatchObject({
      fill: false,
      reason: 'unknownToken',
    })
  })
})
