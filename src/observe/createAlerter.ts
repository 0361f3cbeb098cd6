import type { Clock } from '../common/clock.ts'
import { createSharedAbortController } from '../common/createSharedAbortController.ts'
import type { Logger } from '../common/Logger.ts'
import { redactSecrets } from '../common/redactSecrets.ts'
import type { ResolvedAlertDestination } from '../settings/resolveAlertDestinations.ts'
import type { Alert, AlertRules } from './alertTypes.ts'
import { type AlertState, decideAlerts, initialAlertState } from './decideAlerts.ts'
import type { EngineEvent } from './engineEvents.ts'
import { formatAlert } from './formatAlert.ts'
import { isQuietEvent } from './isQuietEvent.ts'
import { postAlert } from './postAlert.ts'
import { flushHeldAlerts, nextHeldDueMs } from './rateLimitAlerts.ts'
import { scrubAlert } from './scrubAlert.ts'

/** Inputs of {@link createAlerter}. */
export type CreateAlerterParams = {
  /** Where every alert goes (resolveAlertDestinations); each has its own queue. */
  destinations: readonly ResolvedAlertDestination[]
  rules: AlertRules
  /** Retries of one send after a network error, a timeout, a 5xx or a 429. Default 3. */
  retries?: number
  /** Timeout of one send attempt, ms. Default 10 000. */
  timeoutMs?: number
  /** Sends waiting per destination; past it the oldest is dropped, with a log line. Default 100. */
  maxQueued?: number
  /** Ceiling of the first retry's wait, ms; doubles per retry (full jitter), at most 30 000. Default 1 000. */
  backoffBaseMs?: number
  logger: Logger
  clock: Clock
  /** Default globalThis.fetch. */
  fetch?: typeof fetch
  /** Random source in [0, 1) for the backoff jitter. Default Math.random. */
  random?: () => number
}

/** A running alerter: an engine observer plus its shutdown. */
export type Alerter = {
  /** Decides the event's alerts and queues their sends; returns at once and never throws. */
  observe(event: EngineEvent): void
  /**
   * Sends what is queued (and a summary of what the rate limit held back), waiting at most
   * `deadlineMs` (default 5 000); then stops, logging how many alerts were left undelivered.
   */
  close(options?: { deadlineMs?: number }): Promise<void>
}

type Outbox = {
  destination: ResolvedAlertDestination
  /** Safe for logs: format, env var name and host, never the path or query. */
  label: string
  queue: Alert[]
  running: Promise<void> | undefined
}

const MAX_BACKOFF_MS = 30_000

/**
 * The I/O edge of alerts: `observe` runs the pure decideAlerts on each engine event and
 * queues every alert for every destination; one background sender per destination drains its
 * bounded queue in order with `fetch` (postAlert: a timeout per attempt, retries with backoff on
 * network errors, timeouts, 5xx and 429), so a slow or broken webhook never blocks or fails a
 * tick and never delays another destination (P-3.6). A send that fails for good is logged at
 * warn, without the URL's secret parts, and dropped.
 */
export function createAlerter(params: CreateAlerterParams): Alerter {
  const { destinations, logger, clock } = params
  const retries = params.retries ?? 3
  const timeoutMs = params.timeoutMs ?? 10_000
  const maxQueued = params.maxQueued ?? 100
  const backoffBaseMs = params.backoffBaseMs ?? 1_000
  const fetchFn = params.fetch ?? globalThis.fetch
  const random = params.random ?? Math.random
  const secrets = [...params.rules.knownSecrets, ...destinations.flatMap((d) => d.secrets)]
  const rules: AlertRules = { ...params.rules, knownSecrets: secrets }
  const scrub = (text: string): string => redactSecrets(text, secrets)
  const outboxes: Outbox[] = destinations.map((destination) => ({
    destination,
    label: scrub(`${destination.format} ${destination.name} (${hostOf(destination.url)})`),
    queue: [],
    running: undefined,
  }))
  // Aborted at the close deadline: ends sends in flight, backoff waits and the summary timer.
  const stop = createSharedAbortController()
  let state: AlertState = initialAlertState
  let closed = false
  let abandoned = 0
  let summary: { dueMs: number; cancel: AbortController } | undefined

  function enqueue(alerts: readonly Alert[]): void {
    for (const alert of alerts) {
      for (const box of outboxes) {
        if (box.queue.length >= maxQueued) {
          const dropped = box.queue.shift()!
          logger.warn(
            { destination: box.label, kind: dropped.kind, title: dropped.title },
            'alert queue full: dropped the oldest alert',
          )
        }
        box.queue.push(alert)
        if (!box.running && !stop.signal.aborted) box.running = drain(box)
      }
    }
  }

  async function drain(box: Outbox): Promise<void> {
    try {
      while (box.queue.length > 0 && !stop.signal.aborted) {
        const alert = box.queue.shift()!
        if (!(await deliver(box, alert)) && stop.signal.aborted) abandoned++
      }
    } finally {
      // Cleared in the same turn as the empty-queue check, so a later enqueue starts a new drain.
      box.running = undefined
    }
  }

  async function deliver(box: Outbox, alert: Alert): Promise<boolean> {
    const body = JSON.stringify(formatAlert(alert, box.destination, secrets))
    for (let attempt = 0; ; attempt++) {
      const outcome = await postAlert(fetchFn, box.destination.url, body, {
        timeoutMs,
        signal: stop.signal,
        nowMs: clock.nowMs(),
      })
      if (outcome.ok) {
        logger.debug({ destination: box.label, kind: alert.kind }, 'alert sent')
        return true
      }
      const error = scrub(outcome.error)
      if (stop.signal.aborted) return false
      if (!outcome.retryable || attempt >= retries) {
        logger.warn(
          { destination: box.label, kind: alert.kind, attempts: attempt + 1, error },
          'alert not delivered',
        )
        return false
      }
      const waitMs =
        outcome.retryAfterMs ??
        Math.round(random() * Math.min(MAX_BACKOFF_MS, backoffBaseMs * 2 ** attempt))
      logger.info(
        { destination: box.label, kind: alert.kind, attempt: attempt + 1, error, waitMs },
        'alert send failed; retrying',
      )
      const waited = await clock.sleepMs(waitMs, stop.signal).then(
        () => true,
        () => false,
      )
      if (!waited) return false
    }
  }

  /** Keeps one timer for the earliest summary of held alerts, so none waits for a next event. */
  function scheduleSummary(): void {
    const dueMs = nextHeldDueMs(state.rateLimit, rules)
    if (dueMs === undefined || closed || (summary && summary.dueMs <= dueMs)) return
    summary?.cancel.abort()
    const cancel = new AbortController()
    summary = { dueMs, cancel }
    clock.sleepMs(Math.max(0, dueMs - clock.nowMs()), cancel.signal).then(
      () => {
        summary = undefined
        if (closed) return
        const flushed = flushHeldAlerts(state.rateLimit, rules, clock.nowMs())
        state = { ...state, rateLimit: flushed.state }
        enqueue(flushed.alerts.map((a) => scrubAlert(a, secrets)))
        scheduleSummary()
      },
      () => undefined,
    )
  }

  return {
    observe(event) {
      if (closed) return
      try {
        // Most events need no decision: skipped before the clock is read or anything is built.
        if (isQuietEvent(event, state.rateLimit)) return
        const decided = decideAlerts(event, state, rules, clock.nowMs())
        const heldChanged = decided.state.rateLimit !== state.rateLimit
        state = decided.state
        enqueue(decided.alerts)
        // The summary timer follows what is held: unchanged, it is already right.
        if (heldChanged) scheduleSummary()
      } catch (error) {
        // Observability never fails a tick (P-3.6): a bug here costs alerts, not orders.
        logger.error({ event: event.type, error: scrub((error as Error).message) }, 'alerts failed')
      }
    },
    async close(options = {}) {
      if (closed) return
      const flushed = flushHeldAlerts(state.rateLimit, rules, clock.nowMs(), { force: true })
      state = { ...state, rateLimit: flushed.state }
      enqueue(flushed.alerts.map((a) => scrubAlert(a, secrets)))
      closed = true
      summary?.cancel.abort()
      const drained = Promise.all(outboxes.map((b) => b.running))
      const deadline = new AbortController()
      const timedOut = await Promise.race([
        drained.then(() => false),
        clock.sleepMs(options.deadlineMs ?? 5_000, deadline.signal).then(
          () => true,
          () => false,
        ),
      ])
      deadline.abort()
      if (timedOut) {
        stop.abort()
        await drained
      }
      const left = abandoned + outboxes.reduce((n, b) => n + b.queue.length, 0)
      if (left > 0) logger.warn({ undelivered: left }, 'alerts left undelivered at exit')
    },
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'an invalid URL'
  }
}
