import { EventEmitter, once } from 'node:events'
import { describe, expect, test } from 'vitest'
import type { Clock } from '../../../src/common/clock.ts'
import type { Logger } from '../../../src/common/Logger.ts'
import { ALERT_KINDS, type AlertRules } from '../../../src/observe/alertTypes.ts'
import { createAlerter } from '../../../src/observe/createAlerter.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import type { ResolvedAlertDestination } from '../../../src/settings/resolveAlertDestinations.ts'

const TOKEN = '123456789:AAcanaryTelegramToken_abcdefghij'
const TELEGRAM_URL = `http://127.0.0.1:9/bot${TOKEN}/sendMessage`

const generic: ResolvedAlertDestination = {
  format: 'generic',
  url: 'http://127.0.0.1:9/alerts',
  chatId: undefined,
  name: 'FERRY_ALERT_URL',
  secrets: [],
}
const telegram: ResolvedAlertDestination = {
  format: 'telegram',
  url: TELEGRAM_URL,
  chatId: '42',
  name: 'FERRY_TG_URL',
  secrets: [TELEGRAM_URL, `bot${TOKEN}`],
}

function rulesWith(intervalMs: number): AlertRules {
  return {
    minIntervalMs: Object.fromEntries(
      ALERT_KINDS.map((k) => [k, intervalMs]),
    ) as AlertRules['minIntervalMs'],
    consecutiveFailures: 3,
    gasReserve: { '42161': 10n },
    knownSecrets: [],
  }
}

const engaged: EngineEvent = { type: 'killSwitch', engaged: true }
const released: EngineEvent = { type: 'killSwitch', engaged: false }

/** A clock whose sleeps wait until the test lets them pass; aborts reject them. */
function steppedClock() {
  let now = 1_000_000
  const pending: { ms: number; pass: () => void }[] = []
  const slept = new EventEmitter()
  const clock: Clock = {
    nowMs: () => now,
    sleepMs: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        const entry = {
          ms,
          pass: () => {
            now += ms
            resolve()
          },
        }
        pending.push(entry)
        signal?.addEventListener(
          'abort',
          () => {
            pending.splice(pending.indexOf(entry), 1)
            reject(signal.reason)
          },
          { once: true },
        )
        slept.emit('sleep')
      }),
  }
  return {
    clock,
    /** Lets the oldest sleep pass (waiting for one to start); returns its length, ms. */
    async passNextSleep(): Promise<number> {
      if (pending.length === 0) await once(slept, 'sleep')
      const entry = pending.shift()!
      entry.pass()
      return entry.ms
    },
  }
}

/** A fetch whose answers the test gives, call by call. */
function scriptedFetch(answer: (n: number, signal: AbortSignal) => Promise<Response>) {
  const calls: { url: string; body: unknown }[] = []
  const called = new EventEmitter()
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) })
    called.emit('call')
    return answer(calls.length, init.signal!)
  }) as unknown as typeof fetch
  return {
    fetchFn,
    calls,
    async waitForCalls(n: number): Promise<void> {
      while (calls.length < n) await once(called, 'call')
    },
  }
}

function recordingLogger() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string | undefined }[] = []
  const logged = new EventEmitter()
  const at =
    (level: string) =>
    (obj: object, msg?: string): void => {
      lines.push({ level, obj: obj as Record<string, unknown>, msg })
      logged.emit('line')
    }
  const logger: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  }
  return {
    logger,
    lines,
    warnings: () => lines.filter((l) => l.level === 'warn'),
    async waitFor(msg: string): Promise<void> {
      while (!lines.some((l) => l.msg === msg)) await once(logged, 'line')
    },
  }
}

const ok = (): Promise<Response> => Promise.resolve(new Response('ok', { status: 200 }))
const never = (signal: AbortSignal): Promise<Response> =>
  new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })

describe('createAlerter', () => {
  test('default: observe returns at once; each destination gets the alert in its format', async () => {
    const { clock } = steppedClock()
    const answers: (() => void)[] = []
    const net = scriptedFetch(
      () =>
        new Promise((resolve) => answers.push(() => resolve(new Response('ok', { status: 200 })))),
    )
    const log = recordingLogger()
    const alerter = createAlerter({
      destinations: [generic, telegram],
      rules: rulesWith(0),
      logger: log.logger,
      clock,
      fetch: net.fetchFn,
    })
    alerter.observe(engaged)
    // Both posts are in flight and unanswered: observe did not wait for them.
    await net.waitForCalls(2)
    expect(net.calls.map((c) => c.url)).toEqual([generic.url, TELEGRAM_URL])
    expect(net.calls[0]!.body).toMatchObject({ kind: 'killSwitch', severity: 'warning' })
    expect(net.calls[1]!.body).toMatchObject({ chat_id: '42', parse_mode: 'HTML' })
    for (const answer of answers) answer()
    await alerter.close()
    expect(log.warnings()).toEqual([])
  })

  test('behavior: 5xx and 429 are retried, after the backoff and after Retry-After', async () => {
    const time = steppedClock()
    const net = scriptedFetch(async (n) => {
      if (n === 1) return new Response('down', { status: 503 })
      if (n === 2)
        return new Response('slow down', { status: 429, headers: { 'retry-after': '2' } })
      return ok()
    })
    const log = recordingLogger()
    const alerter = createAlerter({
      destinations: [generic],
      rules: rulesWith(0),
      logger: log.logger,
      clock: time.clock,
      fetch: net.fetchFn,
      random: () => 0.5,
      backoffBaseMs: 1_000,
    })
    alerter.observe(engaged)
    expect(await time.passNextSleep()).toBe(500)
    expect(await time.passNextSleep()).toBe(2_000)
    await net.waitForCalls(3)
    await alerter.close()
    expect(log.lines.filter((l) => l.msg === 'alert send failed; retrying')).toHaveLength(2)
    expect(log.warnings()).toEqual([])
  })

  test('behavior: a 4xx other than 408/429 is not retried and is logged with the answer', async () => {
    const net = scriptedFetch(
      async () => new Response('{"description":"chat not found"}', { status: 400 }),
    )
    const log = recordingLogger()
    const alerter = createAlerter({
      destinations: [telegram],
      rules: rulesWith(0),
      logger: log.logger,
      clock: steppedClock().clock,
      fetch: net.fetchFn,
    })
    alerter.observe(engaged)
    await log.waitFor('alert not delivered')
    await alerter.close()
    expect(net.calls).toHaveLength(1)
    expect(log.warnings()[0]!.obj).toEqual({
      destination: 'telegram FERRY_TG_URL (127.0.0.1:9)',
      kind: 'killSwitch',
      attempts: 1,
      error: 'HTTP 400: {"description":"chat not found"}',
    })
  })

  test('behavior: a webhook that cannot be reached is retried, then logged without the URL token', async () => {
    const time = steppedClock()
    const net = scriptedFetch(() =>
      Promise.reject(
        new TypeError(`fetch failed for ${TELEGRAM_URL}`, {
          cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9' },
        }),
      ),
    )
    const log = recordingLogger()
    const alerter = createAlerter({
      destinations: [telegram],
      rules: rulesWith(0),
      retries: 2,
      logger: log.logger,
      clock: time.clock,
      fetch: net.fetchFn,
      random: () => 0,
    })
    alerter.observe(engaged)
    await time.passNextSleep()
    await time.passNextSleep()
    await log.waitFor('alert not delivered')
    await alerter.close()
    expect(net.calls).toHaveLength(3)
    const warning = log.warnings()[0]!
    expect(warning.obj).toMatchObject({
      attempts: 3,
      destination: 'telegram FERRY_TG_URL (127.0.0.1:9)',
    })
    expect(String(warning.obj.error)).toContain('ECONNREFUSED')
    expect(JSON.stringify(log.lines)).not.toContain(TOKEN)
  })

  test('behavior: a full queue drops its oldest alert with a log line; close stops at its deadline', async () => {
    const time = steppedClock()
    const net = scriptedFetch((_n, signal) => never(signal))
    const log = recordingLogger()
    const alerter = createAlerter({
      destinations: [generic],
      rules: rulesWith(0),
      maxQueued: 2,
      logger: log.logger,
      clock: time.clock,
      fetch: net.fetchFn,
    })
    // The first is in flight (and hangs); two wait; the next two each push the oldest out.
    for (const event of [engaged, released, engaged, released, engaged]) alerter.observe(event)
    expect(log.warnings().map((l) => l.msg)).toEqual([
      'alert queue full: dropped the oldest alert',
      'alert queue full: dropped the oldest alert',
    ])
    const closing = alerter.close({ deadlineMs: 5_000 })
    expect(await time.passNextSleep()).toBe(5_000)
    await closing
    expect(net.calls).toHaveLength(1)
    expect(log.warnings().at(-1)).toMatchObject({
      msg: 'alerts left undelivered at exit',
      obj: { undelivered: 3 },
    })
  })

  test('behavior: alerts the rate limit held are summarised when due, and at close', async () => {
    const time = steppedClock()
    const net = scriptedFetch(ok)
    const alerter = createAlerter({
      destinations: [generic],
      rules: rulesWith(60_000),
      logger: recordingLogger().logger,
      clock: time.clock,
      fetch: net.fetchFn,
    })
    alerter.observe(engaged)
    alerter.observe(released)
    await net.waitForCalls(1)
    // The summary's timer: no later event is needed for the held alert to go out.
    expect(await time.passNextSleep()).toBe(60_000)
    await net.waitForCalls(2)
    expect(net.calls[1]!.body).toMatchObject({
      kind: 'killSwitch',
      severity: 'info',
      title: '1 more kill switch alert',
    })
    // Within the interval again: both held, and close sends their summary before it ends.
    alerter.observe(engaged)
    alerter.observe(released)
    await alerter.close()
    expect(net.calls.map((c) => (c.body as { title: string }).title)).toEqual([
      'Kill switch engaged',
      '1 more kill switch alert',
      '2 more kill switch alerts',
    ])
    expect(net.calls[2]!.body).toMatchObject({ severity: 'warning' })
    // After close, events are ignored.
    alerter.observe(engaged)
    expect(net.calls).toHaveLength(3)
  })

  test('behavior: observe never throws, whatever goes wrong inside', async () => {
    const net = scriptedFetch(() => {
      throw new Error('fetch blew up')
    })
    const log = recordingLogger()
    const alerter = createAlerter({
      destinations: [generic],
      rules: rulesWith(0),
      retries: 0,
      logger: log.logger,
      clock: steppedClock().clock,
      fetch: net.fetchFn,
    })
    const broken = {
      type: 'balances',
      balances: [{ chainId: 42161, token: '0x0', symbol: 'ETH', isNative: true, amount: 'n/a' }],
    } as EngineEvent
    expect(() => alerter.observe(broken)).not.toThrow()
    expect(log.lines.find((l) => l.level === 'error')?.msg).toBe('alerts failed')
    expect(() => alerter.observe(engaged)).not.toThrow()
    await log.waitFor('alert not delivered')
    await alerter.close()
    expect(log.warnings()[0]!.obj.error).toBe('fetch blew up')
  })
})
