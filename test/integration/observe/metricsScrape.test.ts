import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { parse, stringify } from 'yaml'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { parsePrometheusText } from '../../helpers/parsePrometheusText.ts'
import { type FerryEvent, type SpawnedFerry, spawnFerry } from '../../helpers/spawnFerry.ts'

const DEMO = new URL('../../../config/demo.yaml', import.meta.url)
/** The whole test's bound; the first hook of the demo is Executed within 20 s of start. */
const TEST_TIMEOUT_MS = 170_000

let ferry: SpawnedFerry | undefined
let dir: string | undefined
afterEach(async () => {
  if (ferry) {
    ferry.kill('SIGKILL')
    await ferry.exited
  }
  ferry = undefined
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

/** A port free on loopback now (the config cannot say 0: its schema wants 1..65535). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

const createdBy = (events: FerryEvent[], strategy: string): FerryEvent[] =>
  events.filter((e) => e.type === 'created' && String(e.intentId).startsWith(`${strategy}:`))
const terminalOf = (events: FerryEvent[], intentId: unknown): FerryEvent | undefined =>
  events.find((e) => e.type === 'terminal' && e.intentId === intentId)

describe('ferry run with observe.metricsPort (the scrape test)', () => {
  test(
    'default: /metrics of the running demo has every metric, its counters match the journal',
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'ferry-metrics-scrape-'))
      const port = await freePort()
      const killFile = join(dir, 'ferry.kill')
      const journalPath = join(dir, 'journal.sqlite')
      const config = parse(readFileSync(DEMO, 'utf8')) as Record<string, Record<string, unknown>>
      config.risk!.killSwitchFile = killFile
      config.observe = { logLevel: 'info', metricsPort: port }
      const configPath = join(dir, 'demo.yaml')
      writeFileSync(configPath, stringify(config))
      const startedS = Date.now() / 1000
      ferry = spawnFerry(
        ['run', configPath, '--json', '--journal', journalPath],
        TEST_TIMEOUT_MS - 10_000,
      )
      const f = ferry

      // 1. Work worth counting: a rebalance with its hook, a sweep from Solana, arbitrage looks.
      await f.waitFor(
        'a completed rebalance order with its hook, a completed sweep and an arbitrage edge',
        (events) => {
          const rebalanced = createdBy(events, 'usdc-arb-base').some(
            (c) =>
              terminalOf(events, c.intentId)?.state === 'completed' &&
              events.some((e) => e.type === 'hook' && e.orderId === c.orderId),
          )
          const swept = createdBy(events, 'solana-to-treasury').some(
            (c) => terminalOf(events, c.intentId)?.state === 'completed',
          )
          const looked = events.some(
            (e) =>
              e.type === 'observation' &&
              e.kind === 'aggregatorEdge' &&
              typeof e.valueBps === 'number',
          )
          return rebalanced && swept && looked ? true : undefined
        },
        100_000,
      )
      // 2. The kill switch stops new intents, so the journal stops changing once every intent
      // accepted so far has ended (tracking goes on under the switch).
      writeFileSync(killFile, 'scrape test\n')
      await f.waitFor(
        'the kill switch engaged, every accepted intent ended, and a successful tick after it',
        (events) => {
          const engagedAt = events.findIndex((e) => e.type === 'killSwitch' && e.engaged === true)
          if (engagedAt < 0) return undefined
          const unsettled = events.find((e) => e.type === 'unsettled')
          if (unsettled) throw new Error(`an intent is unsettled: ${JSON.stringify(unsettled)}`)
          const accepted = events.filter((e) => e.type === 'decision' && e.verdict === 'accept')
          const ended = accepted.every((d) => terminalOf(events, d.intentId) !== undefined)
          const ticked = events
            .slice(engagedAt)
            .some((e) => e.type === 'tickEnd' && e.failures === 0)
          return ended && ticked ? true : undefined
        },
        60_000,
      )

      // 3. Scrape while it runs.
      const res = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(res.status).toBe(200)
      const m = parsePrometheusText(await res.text())
      const healthRes = await fetch(`http://127.0.0.1:${port}/health`)
      const health = (await healthRes.json()) as Record<string, unknown>
      const scrapedS = Date.now() / 1000

      // 4. SIGTERM: a graceful end, exit 0.
      f.kill('SIGTERM')
      const exit = await f.exited
      expect(exit, f.stderr().slice(-2_000)).toEqual({ code: 0, signal: null })
      const errors = f
        .stderr()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string })
        .filter((l) => l.level >= 50)
      expect(errors, JSON.stringify(errors)).toEqual([])

      // 5. Every metric ferry defines is exposed.
      for (const [name, type] of Object.entries({
        ferry_service_requests_total: 'counter',
        ferry_service_rate_limited_total: 'counter',
        ferry_service_retries_total: 'counter',
        ferry_quotes_total: 'counter',
        ferry_decisions_total: 'counter',
        ferry_intents_total: 'counter',
        ferry_orders_created_total: 'counter',
        ferry_orders_filled_total: 'counter',
        ferry_orders_cancelled_total: 'counter',
        ferry_orders_failed_total: 'counter',
        ferry_hook_steps_total: 'counter',
        ferry_quote_to_broadcast_seconds: 'histogram',
        ferry_creation_to_fill_seconds: 'histogram',
        ferry_fill_to_hook_seconds: 'histogram',
        ferry_notional_sent_usd_total: 'counter',
        ferry_costs_paid_usd_total: 'counter',
        ferry_aggregator_edge_bps: 'histogram',
        ferry_wallet_balance_base_units: 'gauge',
        ferry_wallet_balance_usd: 'gauge',
        ferry_in_flight_usd: 'gauge',
        ferry_kill_switch_engaged: 'gauge',
        ferry_last_successful_tick_timestamp_seconds: 'gauge',
      })) {
        expect(m.types.get(name), name).toBe(type)
      }

      // 6. Counters match the journal.
      const journal = openJournal(journalPath)
      const intents = (() => {
        try {
          return journal.history({ limit: 100_000 })
        } finally {
          journal.close()
        }
      })()
      expect(intents.length).toBeGreaterThan(0)
      const orders = intents.flatMap((i) => i.orders)
      const inState = (...states: string[]): number =>
        intents.filter((i) => states.includes(i.intent.state)).length
      expect(m.sum('ferry_decisions_total', { verdict: 'accept' })).toBe(intents.length)
      expect(m.sum('ferry_intents_total', { state: 'proposed' })).toBe(
        m.sum('ferry_decisions_total'),
      )
      expect(m.sum('ferry_intents_total', { state: 'completed' })).toBe(inState('completed'))
      expect(
        m.sum('ferry_intents_total', { state: 'failed' }) +
          m.sum('ferry_intents_total', { state: 'refused' }),
      ).toBe(inState('failed'))
      expect(m.sum('ferry_intents_total', { state: 'cancelled' })).toBe(inState('cancelled'))
      expect(m.sum('ferry_orders_created_total')).toBe(orders.length)
      expect(m.sum('ferry_orders_filled_total')).toBe(
        orders.filter((o) => o.filledAmount !== undefined).length,
      )
      expect(m.sum('ferry_orders_cancelled_total')).toBe(
        orders.filter((o) => o.state.includes('Cancel')).length,
      )
      expect(m.sum('ferry_orders_failed_total')).toBe(
        intents.filter((i) => i.intent.state === 'failed' && i.orders.length > 0).length,
      )
      const steps = intents.flatMap((i) => i.hookSteps)
      expect(steps.length).toBeGreaterThan(0)
      for (const status of ['Executed', 'Failed', 'Pending']) {
        expect(m.sum('ferry_hook_steps_total', { status }), status).toBe(
          steps.filter((s) => s.status === status).length,
        )
      }
      // One quote → broadcast per sent intent, one creation → fill per fill, one fill → hook per hook.
      const broadcast = intents.filter((i) =>
        i.attempts.some((a) => (a.kind === 'order' || a.kind === 'swap') && a.state !== 'signed'),
      )
      expect(broadcast.length).toBeGreaterThan(0)
      expect(m.sum('ferry_quote_to_broadcast_seconds_count')).toBe(broadcast.length)
      expect(m.sum('ferry_quote_to_broadcast_seconds_sum')).toBeGreaterThan(0)
      expect(m.sum('ferry_creation_to_fill_seconds_count')).toBe(m.sum('ferry_orders_filled_total'))
      expect(m.sum('ferry_creation_to_fill_seconds_sum')).toBeGreaterThan(0)
      expect(m.sum('ferry_fill_to_hook_seconds_count')).toBe(
        new Set(steps.map((s) => s.orderId)).size,
      )
      // Notional and costs of the orders created, from the journaled quote of each intent.
      const spent = intents.filter((i) => i.orders.length > 0)
      expect(m.sum('ferry_notional_sent_usd_total')).toBeCloseTo(
        spent.reduce((sum, i) => sum + i.intent.notionalUsd, 0),
        6,
      )
      const costsByKind = new Map<string, number>()
      for (const i of spent) {
        const response = i.quotes[0]?.response as { costsUsd?: Record<string, number> } | undefined
        for (const [kind, usd] of Object.entries(response?.costsUsd ?? {}))
          if (usd > 0) costsByKind.set(kind, (costsByKind.get(kind) ?? 0) + usd)
      }
      expect(costsByKind.size).toBeGreaterThan(0)
      for (const [kind, usd] of costsByKind) {
        expect(m.sum('ferry_costs_paid_usd_total', { kind }), kind).toBeCloseTo(usd, 6)
      }

      // 7. Sensible values for the rest.
      for (const endpoint of ['create-tx', 'chain/transaction', 'externalCallProcess']) {
        expect(
          m.sum('ferry_service_requests_total', { endpoint, outcome: 'ok' }),
          endpoint,
        ).toBeGreaterThan(0)
      }
      // The client's budget keeps the service's limit: no 429.
      expect(m.sum('ferry_service_rate_limited_total')).toBe(0)
      expect(m.sum('ferry_quotes_total', { outcome: 'ok' })).toBeGreaterThan(0)
      expect(
        m.sum('ferry_aggregator_edge_bps_count', { strategy: 'paper-arb', source: 'observation' }),
      ).toBeGreaterThan(0)
      for (const chain of ['42161', '8453', '7565164']) {
        expect(
          m.sum('ferry_wallet_balance_base_units', { chain, symbol: 'USDC' }),
          chain,
        ).toBeGreaterThan(0)
      }
      // The world prices the natives (the gas token's price); tokens are not priced there.
      for (const chain of ['42161', '8453']) {
        expect(m.sum('ferry_wallet_balance_usd', { chain, symbol: 'ETH' }), chain).toBeGreaterThan(
          0,
        )
      }
      expect(m.sum('ferry_in_flight_usd')).toBe(0)
      expect(m.sum('ferry_kill_switch_engaged')).toBe(1)
      const lastTickS = m.sum('ferry_last_successful_tick_timestamp_seconds')
      expect(lastTickS).toBeGreaterThanOrEqual(startedS)
      expect(lastTickS).toBeLessThanOrEqual(scrapedS)
      expect(m.sum('ferry_ticks_total', { outcome: 'ok' })).toBeGreaterThan(0)
      expect(m.sum('ferry_metrics_observer_errors_total')).toBe(0)
      expect(healthRes.status).toBe(200)
      expect(health.ok).toBe(true)
      expect(health.lastSuccessfulTickAgeMs as number).toBeLessThan(health.maxTickAgeMs as number)
      // Bounded labels: nothing that looks like an order id, a hash or an address.
      for (const value of m.samples.flatMap((s) => Object.values(s.labels))) {
        expect(value).not.toMatch(/0x[0-9a-f]{8,}/i)
        expect(value).not.toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,}$/)
      }
    },
    TEST_TIMEOUT_MS,
  )
})
