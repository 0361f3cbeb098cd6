import { getEventListeners } from 'node:events'
import { describe, expect, test } from 'vitest'
import { systemClock } from '../../../src/common/clock.ts'

describe('systemClock.sleepMs', () => {
  test('behavior: a finished sleep leaves no listener on its signal, however many sleeps share it', async () => {
    const stop = new AbortController()
    for (let i = 0; i < 20; i++) await systemClock.sleepMs(0, stop.signal)
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0)
  })

  test('behavior: an abort ends a pending sleep with the signal’s reason', async () => {
    const stop = new AbortController()
    const sleeping = systemClock.sleepMs(60_000, stop.signal)
    stop.abort(new Error('stopping'))
    await expect(sleeping).rejects.toThrow('stopping')
    await expect(systemClock.sleepMs(1, stop.signal)).rejects.toThrow('stopping')
  })
})
