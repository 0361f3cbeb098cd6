import { describe, expect, test } from 'vitest'
import { createLiveView, type FrameTimer } from '../../../src/cli/run/createLiveView.ts'
import { createManualClock } from '../../../src/common/clock.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'

const ERASE_LINE = '\r\x1b[2K'
const ORDER_A = `0x${'a1'.repeat(31)}b2`
const ORDER_B = `0x${'c3'.repeat(31)}d4`

/**
 * A terminal as far as the live view uses one: `\n` ends a line, `\r` + erase-line clears the
 * line being written. `lines` are the finished lines, `bottom` what the cursor's line shows.
 */
function fakeTerminal(columns = 200) {
  const writes: string[] = []
  const lines: string[] = []
  let bottom = ''
  return {
    isTTY: true as const,
    columns,
    writes,
    lines,
    bottom: () => bottom,
    write(text: string) {
      writes.push(text)
      text.split('\n').forEach((chunk, i) => {
        if (i > 0) {
          lines.push(bottom)
          bottom = ''
        }
        // Text after an erase replaces the line; text before it was appended to the line.
        const [head = '', ...afterErases] = chunk.split(ERASE_LINE)
        bottom = afterErases.length > 0 ? afterErases.at(-1)! : bottom + head
      })
    },
  }
}

/** A frame timer driven by hand: `tick()` fires one frame; `running` counts live timers. */
function fakeTimer() {
  const frames: (() => void)[] = []
  let running = 0
  const start: FrameTimer = (onFrame) => {
    frames.push(onFrame)
    running++
    let stopped = false
    return () => {
      if (stopped) return
      stopped = true
      running--
      frames.splice(frames.indexOf(onFrame), 1)
    }
  }
  return {
    start,
    running: () => running,
    tick: () => {
      for (const onFrame of [...frames]) onFrame()
    },
  }
}

const sent = (intentId: string, hash: string): EngineEvent => ({
  type: 'sent',
  intentId,
  chainId: 42161,
  hash,
})
const created = (intentId: string, orderId: string): EngineEvent => ({
  type: 'created',
  intentId,
  orderId,
  chainId: 42161,
})
const terminal = (intentId: string, orderId: string): EngineEvent => ({
  type: 'terminal',
  intentId,
  orderId,
  state: 'completed',
  detail: 'hook executed',
})

describe('createLiveView', () => {
  test('default: one line per event, and no spinner while nothing is in flight', () => {
    const terminalOut = fakeTerminal()
    const timer = fakeTimer()
    const view = createLiveView({
      stream: terminalOut,
      clock: createManualClock(0),
      timer: timer.start,
    })
    view.print({ type: 'tick', tick: 1, strategies: ['usdc-arb-base'], atMs: 0 })
    view.print({ type: 'dryRun', strategy: 's', intentId: 'i', note: 'dry-run: nothing signed' })
    view.close()
    expect(terminalOut.lines).toHaveLength(2)
    expect(terminalOut.lines[0]).toMatch(/^\d\d:\d\d:\d\d tick 1: usdc-arb-base$/)
    expect(terminalOut.lines[1]).toMatch(/dry-run {3}i: dry-run: nothing signed$/)
    expect(terminalOut.writes.join('')).not.toContain('\r')
    expect(timer.running()).toBe(0)
  })

  test('behavior: while an order is in flight one spinner line stays at the bottom, redrawn in place', () => {
    const out = fakeTerminal()
    const clock = createManualClock(1_000_000)
    const timer = fakeTimer()
    const view = createLiveView({ stream: out, clock, timer: timer.start })

    view.print(sent('arb:1', `0x${'ee'.repeat(32)}`))
    expect(timer.running()).toBe(1)
    expect(out.bottom()).toBe('⠋ 1 order in flight: tx 0xeeee…eeee confirming 0s')

    view.print(created('arb:1', ORDER_A))
    clock.advanceMs(4_200)
    timer.tick()
    expect(out.bottom()).toBe('⠙ 1 order in flight: 0xa1a1…a1b2 awaiting fill 4s')

    view.print(created('base:2', ORDER_B))
    clock.advanceMs(1_000)
    timer.tick()
    expect(out.bottom()).toBe(
      '⠹ 2 orders in flight: 0xa1a1…a1b2 awaiting fill 5s, 0xc3c3…c3d4 awaiting fill 1s',
    )
    view.print({
      type: 'filled',
      intentId: 'arb:1',
      orderId: ORDER_A,
      chainId: 8453,
      txHash: '0x',
      amountOut: '1',
    })
    expect(out.bottom()).toBe(
      '⠹ 2 orders in flight: 0xa1a1…a1b2 hook pending 0s, 0xc3c3…c3d4 awaiting fill 1s',
    )

    // Every event line was written on an erased line: none carries spinner text.
    expect(out.lines).toHaveLength(4)
    for (const line of out.lines) expect(line).not.toMatch(/in flight/)
    expect(out.lines.map((l) => l.slice(11, 20).trim())).toEqual([
      'sent',
      'created',
      'created',
      'filled',
    ])
  })

  test('behavior: the spinner is cleared and its timer stopped once the last order is terminal', () => {
    const out = fakeTerminal()
    const timer = fakeTimer()
    const view = createLiveView({ stream: out, clock: createManualClock(0), timer: timer.start })
    view.print(created('a', ORDER_A))
    view.print(created('b', ORDER_B))
    view.print(terminal('a', ORDER_A))
    expect(out.bottom()).toMatch(/^⠋ 1 order in flight: 0xc3c3…c3d4 awaiting fill 0s$/)
    expect(timer.running()).toBe(1)
    view.print(terminal('b', ORDER_B))
    expect(out.bottom()).toBe('')
    expect(timer.running()).toBe(0)
    expect(out.lines).toHaveLength(4)
    expect(out.lines[3]).toMatch(/completed b order 0xc3c3.*: hook executed$/)
  })

  test('behavior: an order tracked after a restart shows until terminal; an unsettled one leaves', () => {
    const out = fakeTerminal()
    const timer = fakeTimer()
    const view = createLiveView({ stream: out, clock: createManualClock(0), timer: timer.start })
    view.print({ type: 'reconcile', intentId: 'old:1', plan: 'track', detail: 'order created' })
    view.print({ type: 'reconcile', intentId: 'old:2', plan: 'abandon', detail: 'never sent' })
    view.print(sent('new:3', `0x${'ee'.repeat(32)}`))
    expect(out.bottom()).toBe(
      '⠋ 2 orders in flight: old:1 tracking 0s, tx 0xeeee…eeee confirming 0s',
    )
    view.print({ type: 'unsettled', intentId: 'new:3', detail: 'receipt not found' })
    view.print(terminal('old:1', ORDER_A))
    expect(out.bottom()).toBe('')
    expect(timer.running()).toBe(0)
    expect(out.lines).toHaveLength(5)
  })

  test('behavior: close erases the spinner, stops the timer and prints nothing after', () => {
    const out = fakeTerminal()
    const timer = fakeTimer()
    const view = createLiveView({ stream: out, clock: createManualClock(0), timer: timer.start })
    view.print(created('a', ORDER_A))
    expect(out.bottom()).not.toBe('')
    view.close()
    expect(out.bottom()).toBe('')
    expect(timer.running()).toBe(0)
    const written = out.writes.length
    timer.tick()
    view.print(terminal('a', ORDER_A))
    view.close()
    expect(out.writes).toHaveLength(written)
  })

  test('behavior: the spinner line is cut to the terminal width so it never wraps', () => {
    const out = fakeTerminal(40)
    const view = createLiveView({
      stream: out,
      clock: createManualClock(0),
      timer: fakeTimer().start,
    })
    view.print(created('a', ORDER_A))
    view.print(created('b', ORDER_B))
    expect(out.bottom()).toBe('⠋ 2 orders in flight: 0xa1a1…a1b2 awai…')
    expect(out.bottom().length).toBe(39)
    view.close()
  })

  test('behavior: a stream that is not a terminal gets event lines only', () => {
    const out = { ...fakeTerminal(), isTTY: false }
    const timer = fakeTimer()
    const view = createLiveView({ stream: out, clock: createManualClock(0), timer: timer.start })
    view.print(created('a', ORDER_A))
    view.close()
    expect(out.writes).toHaveLength(1)
    expect(out.writes[0]).toMatch(/created {3}a order 0xa1.*\n$/)
    expect(timer.running()).toBe(0)
  })

  test('behavior: the default timer does not keep the process alive', () => {
    const timeouts = (): number =>
      process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length
    const before = timeouts()
    const view = createLiveView({ stream: fakeTerminal(), clock: createManualClock(0) })
    view.print(created('a', ORDER_A))
    expect(timeouts()).toBe(before)
    view.close()
  })
})
