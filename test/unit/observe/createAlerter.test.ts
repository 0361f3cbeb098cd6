import { describe, expect, test } from 'vitest'
import { createAlerter } from '../../../src/observe/createAlerter.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import {
  engaged,
  generic,
  never,
  ok,
  recordingLogger,
  released,
  rulesWith,
  scriptedFetch,
  steppedClock,
  TELEGRAM_URL,
  TOKEN,
  telegram,
} from './alerterHarness.ts'

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
