import { describe, expect, test } from 'vitest'
import {
  formatBaseUnits,
  mulBps,
  parseBaseUnits,
  percentToBps,
  shortfallBps,
  toBaseUnits,
} from '../../../src/common/amounts.ts'
import { UsageError } from '../../../src/common/UsageError.ts'

describe('amounts', () => {
  test('default: base units round-trip through decimal text without floats', () => {
    expect(toBaseUnits('1.5', 6)).toBe(1_500_000n)
    expect(formatBaseUnits(1_500_000n, 6)).toBe('1.5')
    expect(formatBaseUnits(1000097362178910640486n, 18)).toBe('1000.097362178910640486')
    expect(toBaseUnits('1000.097362178910640486', 18)).toBe(1000097362178910640486n)
    expect(formatBaseUnits(5n, 0)).toBe('5')
    expect(formatBaseUnits(-15n, 1)).toBe('-1.5')
  })

  test('behavior: more fractional digits than the token has is an error, not a rounding', () => {
    expect(() => toBaseUnits('0.0000001', 6)).toThrow(UsageError)
    expect(() => toBaseUnits('1e6', 6)).toThrow(UsageError)
  })

  test('behavior: parseBaseUnits accepts integers only', () => {
    expect(parseBaseUnits('1000')).toBe(1000n)
    for (const bad of ['', '-1', '1.0', '01', '1e3', ' 1'])
      expect(() => parseBaseUnits(bad)).toThrow(UsageError)
  })

  test('behavior: bps maths floors like the service (docs/dln.md §1.2)', () => {
    expect(mulBps(336778910n, 4)).toBe(134711n)
    expect(mulBps(336644199n, 4)).toBe(134657n)
    expect(mulBps(100035000n, 4)).toBe(40014n)
    expect(shortfallBps(10_000n, 9_990n)).toBe(10n)
    expect(shortfallBps(10_000n, 10_050n)).toBe(-50n)
    expect(shortfallBps(0n, 5n)).toBe(0n)
  })

  test('behavior: percentToBps is exact to 0.01%', () => {
    expect(percentToBps(0.1)).toBe(10n)
    expect(percentToBps(10)).toBe(1000n)
    expect(() => percentToBps(0.001)).toThrow(UsageError)
  })
})
