/**
 * The shared setup of the createAlerter tests: destinations, rules, and a clock, fetch and logger
 * the test steps by hand.
 */
import { EventEmitter, once } from 'node:events'
import type { Clock } from '../../../src/common/clock.ts'
import type { Logger } from '../../../src/common/Logger.ts'
import { ALERT_KINDS, type AlertRules } from '../../../src/observe/alertTypes.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import type { ResolvedAlertDestination } from '../../../src/settings/resolveAlertDestinations.ts'

export const TOKEN = '123456789:AAcanaryTelegramToken_abcdefghij'
export const TELEGRAM_URL = `http://127.0.0.1:9/bot${TOKEN}/sendMessage`

export const generic: ResolvedAlertDestination = {
  format: 'generic',
  url: 'http://127.0.0.1:9/alerts',
  chatId: undefined,
  name: 'FERRY_ALERT_URL',
  secrets: [],
}
export const telegram: ResolvedAlertDestination = {
  format: 'telegram',
  url: TELEGRAM_URL,
  chatId: '42',
  name: 'FERRY_TG_URL',
  secrets: [TELEGRAM_URL, `bot${TOKEN}`],
}

export function rulesWith(intervalMs: number): AlertRules {
  return {
    minIntervalMs: Object.fromEntries(
      ALERT_KINDS.map((k) => [k, intervalMs]),
    ) as AlertRules['minIntervalMs'],
    consecutiveFailures: 3,
    gasReserve: { '42161': 10n },
    knownSecrets: [],
  }
}

export const engaged: EngineEvent = { type: 'killSwitch', engaged: true }
export const released: EngineEvent = { type: 'killSwitch', engaged: false }

/** A clock whose sleeps wait until the test lets them pass; aborts reject them. */
export function steppedClock() {
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
export function scriptedFetch(answer: (n: number, signal: AbortSignal) => Promise<Response>) {
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

export function recordingLogger() {
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

export const ok = (): Promise<Response> => Promise.resolve(new Response('ok', { status: 200 }))
export const never = (signal: AbortSignal): Promise<Response> =>
  new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
