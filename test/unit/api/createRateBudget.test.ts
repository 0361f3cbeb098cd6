import { describe, expect, test } from 'vitest'
import { createRateBudget } from '../../../src/api/createRateBudget.ts'
import { createManualClock } from '../../../src/common/clock.ts'

/** Lets pending promise callbacks run (the budget's line and wake-ups are promise chains). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

describe('createRateBudget', () => {
  test('default: `limit` slots at once; the next frees a window after the first answer, not after its start', async () => {
    const clock = createManualClock(1_000)
    const budget = createRateBudget({ limit: 2, windowMs: 100, clock })
    const first = await budget.acquire()
    await budget.acquire()
    let thirdStarted = false
    const third = budget.acquire().then((release) => {
      thirdStarted = true
      return release
    })
    // The first request's answer comes 30 ms after its start (its latency).
    clock.advanceMs(30)
    first()
    await settle()
    expect(thirdStarted).toBe(false)
    // A window after the start is not enough: the service may have counted it as late as 30 ms.
    clock.advanceMs(70)
    await settle()
    expect(thirdStarted).toBe(false)
    clock.advanceMs(30)
    await settle()
    expect(thirdStarted).toBe(true)
    ;(await third)()
    expect(budget.inUse()).toBe(2)
  })

  test('behavior: slots of requests still in flight never expire; a release wakes the waiter', async () => {
    const clock = createManualClock(0)
    const budget = createRateBudget({ limit: 1, windowMs: 50, clock })
    const only = await budget.acquire()
    let nextStarted = false
    void budget.acquire().then(() => {
      nextStarted = true
    })
    clock.advanceMs(10_000)
    await settle()
    expect(nextStarted).toBe(false)
    only()
    await settle()
    expect(nextStarted).toBe(false)
    clock.advanceMs(50)
    await settle()
    expect(nextStarted).toBe(true)
  })

  test('behavior: acquisitions are served in call order', async () => {
    const clock = createManualClock(0)
    const budget = createRateBudget({ limit: 1, windowMs: 10, clock })
    const order: number[] = []
    const releases = [0, 1, 2].map((i) =>
      budget.acquire().then((release) => {
        order.push(i)
        release()
      }),
    )
    for (let i = 0; i < 3; i++) {
      await settle()
      clock.advanceMs(10)
    }
    await Promise.all(releases)
    expect(order).toEqual([0, 1, 2])
  })

  test('behavior: an abort while waiting rejects with its reason and does not block the line', async () => {
    const clock = createManualClock(0)
    const budget = createRateBudget({ limit: 1, windowMs: 10, clock })
    const held = await budget.acquire()
    const controller = new AbortController()
    const aborted = budget.acquire(controller.signal)
    controller.abort(new Error('stopped'))
    await expect(aborted).rejects.toThrow('stopped')
    held()
    clock.advanceMs(10)
    const next = await budget.acquire()
    expect(budget.inUse()).toBe(1)
    next()
  })
})
