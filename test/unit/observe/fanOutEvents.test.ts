import { describe, expect, test } from 'vitest'
import { silentLogger } from '../../../src/common/Logger.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { fanOutEvents } from '../../../src/observe/fanOutEvents.ts'

const tick: EngineEvent = { type: 'tick', tick: 1, strategies: [], atMs: 0 }

describe('fanOutEvents', () => {
  test('default: every observer sees every event, in order', () => {
    const seen: string[] = []
    const emit = fanOutEvents(
      [(e) => seen.push(`a:${e.type}`), (e) => seen.push(`b:${e.type}`)],
      silentLogger,
    )
    emit(tick)
    emit({ ...tick, tick: 2 })
    expect(seen).toEqual(['a:tick', 'b:tick', 'a:tick', 'b:tick'])
  })

  test('behavior: an observer that throws is logged and the others still see the event', () => {
    const errors: unknown[] = []
    const logger = { ...silentLogger, error: (o: unknown) => errors.push(o) }
    const seen: number[] = []
    const emit = fanOutEvents(
      [
        () => {
          throw new Error('webhook down')
        },
        (e) => seen.push((e as { tick: number }).tick),
      ],
      logger as typeof silentLogger,
    )
    expect(() => emit(tick)).not.toThrow()
    expect(seen).toEqual([1])
    expect(errors).toEqual([{ event: 'tick', error: 'webhook down' }])
  })
})
