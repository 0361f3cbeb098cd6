import type { Clock } from '../../common/clock.ts'
import type { EngineEvent } from '../../observe/engineEvents.ts'
import { createRunTally } from './createRunTally.ts'
import { formatEngineEvent } from './formatEngineEvent.ts'

/** Where the live view writes: a terminal (process.stdout) or, in tests, anything with write. */
export type LiveViewStream = {
  write(text: string): unknown
  /** Without it (a pipe or a file) the view prints event lines only, no spinner. */
  isTTY?: boolean
  /** Terminal width in characters; the spinner line is cut to fit. Default 80. */
  columns?: number
}

/** Calls `onFrame` every `everyMs` ms until the returned stop function is called. */
export type FrameTimer = (onFrame: () => void, everyMs: number) => () => void

/** The live view of `ferry run` on a terminal. */
export type LiveView = {
  /** Prints the event's line above the spinner and updates the orders in flight. */
  print(event: EngineEvent): void
  /**
   * Erases the spinner line and stops its timer; with `summary`, ends with one line that counts
   * the run's ticks, quotes and intents by how they ended. Idempotent.
   */
  close(options?: { summary?: boolean }): void
}

/** Inputs of {@link createLiveView}. */
export type CreateLiveViewParams = {
  stream: LiveViewStream
  /** Reads the time shown per order ("awaiting fill 4s"). */
  clock: Pick<Clock, 'nowMs'>
  /** Drives the spinner. Default: setInterval, unref'd so the view never keeps ferry alive. */
  timer?: FrameTimer
  /** Spinner frame period, ms. Default 100. */
  frameMs?: number
  /** One line per event, or undefined for an event people need not see. Default formatEngineEvent. */
  format?: (event: EngineEvent) => string | undefined
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
/** Carriage return, then ANSI "erase entire line": the cursor stays at column 0. */
const ERASE_LINE = '\r\x1b[2K'

const intervalTimer: FrameTimer = (onFrame, everyMs) => {
  const handle = setInterval(onFrame, everyMs)
  handle.unref()
  return () => clearInterval(handle)
}

type InFlight = { label: string; phase: string; sinceMs: number }

/**
 * The human view of `ferry run` on a TTY: one line per engine event, and while
 * any order is in flight (from its `sent`, `created` or tracked `reconcile` event to its
 * `terminal` or `unsettled` one) a single spinner line at the bottom, e.g.
 * `⠋ 2 orders in flight: 0x3f2a…9c1d awaiting fill 4s, …`, redrawn in place with `\r` and
 * erase-line codes. The spinner is erased before each event line and on close, and its timer
 * runs only while something is in flight.
 */
export function createLiveView(params: CreateLiveViewParams): LiveView {
  const { stream, clock } = params
  const timer = params.timer ?? intervalTimer
  const frameMs = params.frameMs ?? 100
  const format = params.format ?? formatEngineEvent
  // Keyed by intentId: `sent` comes before the orderId is known.
  const inFlight = new Map<string, InFlight>()
  let frame = 0
  let spinnerShown = false
  let stopTimer: (() => void) | undefined
  let closed = false
  const tally = createRunTally()

  function erase(): void {
    if (spinnerShown) stream.write(ERASE_LINE)
    spinnerShown = false
  }

  function draw(): void {
    if (!stream.isTTY || inFlight.size === 0) {
      erase()
      return
    }
    const nowMs = clock.nowMs()
    const orders = [...inFlight.values()].map(
      (o) => `${o.label} ${o.phase} ${Math.max(0, Math.floor((nowMs - o.sinceMs) / 1000))}s`,
    )
    const count = `${inFlight.size} order${inFlight.size === 1 ? '' : 's'} in flight`
    const line = `${FRAMES[frame % FRAMES.length]} ${count}: ${orders.join(', ')}`
    // One column short of the width: a line that fills it wraps on some terminals, and a wrapped
    // line cannot be erased with \r.
    const widthChars = Math.max(20, (stream.columns ?? 80) - 1)
    const fitted = line.length > widthChars ? `${line.slice(0, widthChars - 1)}…` : line
    stream.write(`${ERASE_LINE}${fitted}`)
    spinnerShown = true
  }

  function syncTimer(): void {
    if (stream.isTTY && inFlight.size > 0 && !stopTimer && !closed) {
      stopTimer = timer(() => {
        frame++
        draw()
      }, frameMs)
    } else if ((inFlight.size === 0 || closed) && stopTimer) {
      stopTimer()
      stopTimer = undefined
    }
  }

  function track(event: EngineEvent): void {
    const sinceMs = clock.nowMs()
    switch (event.type) {
      case 'sent': {
        // The order's own transaction (approvals have their own event): until its CreatedOrder.
        const label = event.hash ? `tx ${shortHex(event.hash)}` : 'order'
        inFlight.set(event.intentId, { label, phase: 'confirming', sinceMs })
        return
      }
      case 'created':
        inFlight.set(event.intentId, {
          label: shortHex(event.orderId),
          phase: 'awaiting fill',
          sinceMs,
        })
        return
      case 'filled':
        inFlight.set(event.intentId, {
          label: shortHex(event.orderId),
          phase: 'hook pending',
          sinceMs,
        })
        return
      case 'reconcile':
        // A restart follows an order left in flight; its orderId shows from its fill on.
        if (event.plan === 'track') {
          const label =
            event.intentId.length > 24 ? `${event.intentId.slice(0, 23)}…` : event.intentId
          inFlight.set(event.intentId, { label, phase: 'tracking', sinceMs })
        }
        return
      case 'terminal':
      case 'unsettled':
        // Unsettled: its fate is left to the next start's reconciliation, not awaited here.
        inFlight.delete(event.intentId)
        return
    }
  }

  return {
    print(event) {
      if (closed) return
      tally.count(event)
      const line = format(event)
      if (line !== undefined) {
        erase()
        stream.write(`${line}\n`)
      }
      track(event)
      syncTimer()
      draw()
    },
    close(options) {
      if (closed) return
      closed = true
      syncTimer()
      erase()
      if (options?.summary) stream.write(`${tally.line()}\n`)
    },
  }
}

/** `0x3f2a…9c1d` for a long hex id or hash; other ids (Solana signatures) as their first 10. */
function shortHex(id: string): string {
  if (id.length <= 14) return id
  return id.startsWith('0x') ? `${id.slice(0, 6)}…${id.slice(-4)}` : `${id.slice(0, 10)}…`
}
