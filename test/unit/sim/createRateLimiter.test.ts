import { describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import { createRateLimiter } from '../../../src/sim/server/createRateLimiter.ts'

describe('createRateLimiter', () => {
  test('default: off when no budget is given', () => {
    const limiter = createRateLimiter(undefined, createManualClock(0))
    for (let i = 0; i < 1000; i++) expect(limiter.take('create-tx').allowed).toBe(true)
  })

  test('behavior: N per minute per endpoint, then Retry-After until the window turns', () => {
    const clock = createManualClock(59_500)
    const limiter = createRateLimiter(2, clock)
    expect(limiter.take('a')).toEqual({ allowed: true })
    expect(limiter.take('a')).toEqual({ allowed: true })
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterS: 1 })
    expect(limiter.take('b')).toEqual({ allowed: true })
    clock.advanceMs(500)
    expect(limiter.take('a')).toEqual({ allowed: true })
  })

  test('behavior: a shorter window compresses time; the budget counts per window', () => {
    const clock = createManualClock(10_900)
    const limiter = createRateLimiter(2, clock, 1_000)
    expect(limiter.take('a')).toEqual({ allowed: true })
    expect(limiter.take('a')).toEqual({ allowed: true })
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterS: 1 })
    clock.advanceMs(100)
    expect(limiter.take('a')).toEqual({ allowed: true })
  })
})
