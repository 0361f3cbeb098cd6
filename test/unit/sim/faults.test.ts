import { describe, expect, test } from 'vitest'
import { createFaultInjector } from '../../../src/sim/faults/createFaultInjector.ts'
import { NO_FAULTS } from '../../../src/sim/faults/faultKnobsSchema.ts'
import { parseFaultsOption } from '../../../src/sim/faults/parseFaultsOption.ts'
import { createSeededRandom } from '../../../src/sim/random/createSeededRandom.ts'

describe('parseFaultsOption', () => {
  test('default: k=v pairs over the defaults', () => {
    expect(parseFaultsOption('latencyMs=20, serverErrorRate=0.25')).toEqual({
      ...NO_FAULTS,
      latencyMs: 20,
      serverErrorRate: 0.25,
    })
    expect(parseFaultsOption('')).toEqual(NO_FAULTS)
  })

  test.each(['nope=1', 'serverErrorRate=2', 'latencyMs', 'latencyMs=fast', 'a=1=2'])(
    'behavior: %s is refused',
    (text) => {
      expect(() => parseFaultsOption(text)).toThrow(/fault/)
    },
  )
})

describe('createFaultInjector', () => {
  test('default: no faults with the knobs off', () => {
    const injector = createFaultInjector(NO_FAULTS, createSeededRandom(1))
    for (let i = 0; i < 100; i++) {
      expect(Object.values(injector.decide()).some(Boolean)).toBe(false)
    }
  })

  test('behavior: rates are honoured roughly and one fault wins at a time', () => {
    const injector = createFaultInjector(
      { ...NO_FAULTS, serverErrorRate: 0.2, errorIdRate: 0.5, malformedJsonRate: 1 },
      createSeededRandom(9),
    )
    const decisions = Array.from({ length: 2000 }, () => injector.decide())
    const share = (k: 'serverError' | 'errorId' | 'malformedJson'): number =>
      decisions.filter((d) => d[k]).length / decisions.length
    expect(share('serverError')).toBeGreaterThan(0.15)
    expect(share('serverError')).toBeLessThan(0.25)
    expect(share('errorId')).toBeGreaterThan(0.35)
    expect(share('errorId')).toBeLessThan(0.45)
    for (const d of decisions) {
      expect([d.serverError, d.errorId, d.malformedJson].filter(Boolean)).toHaveLength(1)
    }
  })

  test('behavior: the same seed gives the same sequence', () => {
    const knobs = { ...NO_FAULTS, serverErrorRate: 0.5, staleQuoteRate: 0.5 }
    const run = (seed: number) => {
      const injector = createFaultInjector(knobs, createSeededRandom(seed))
      return Array.from({ length: 50 }, () => injector.decide())
    }
    expect(run(5)).toEqual(run(5))
    expect(run(5)).not.toEqual(run(6))
  })
})
