import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { type FerryEvent, type FerryRun, jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import {
  DEVNET_KEY_ENV,
  type DevnetLiveConfigOptions,
  writeDevnetLiveConfig,
} from '../../helpers/writeDevnetLiveConfig.ts'
import { startTamperProxy } from '../executor/startTamperProxy.ts'

type Received = { path: string; body: Record<string, unknown> }

/** The token part of the Telegram URL: it must show up nowhere but in the request line. */
const TELEGRAM_TOKEN = '987654321:AAcanaryAlertToken_q8Zp3xW7vN2'
const ATTACKER = '0x000000000000000000000000000000000000a77a'
const user = devnetEvmAccount('user')

let devnet: Devnet
let dir: string
let receiver: { url: string; received: Received[]; close(): Promise<void> }

/** A loopback webhook receiver: answers 200 to every POST and keeps its path and JSON body. */
async function startReceiver(): Promise<typeof receiver> {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      })
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
  receiver = await startReceiver()
  dir = mkdtempSync(join(tmpdir(), 'ferry-alerts-'))
}, 60_000)
afterAll(async () => {
  await receiver?.close()
  await devnet?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => {
  receiver.received.length = 0
  devnet.solver?.setPolicy({ fillDelayMs: 50 })
})

/** The alert env vars, each URL on the receiver (or on `baseUrl`). */
function alertEnv(baseUrl = receiver.url): Record<string, string> {
  return {
    [DEVNET_KEY_ENV]: user.privateKey,
    FERRY_TEST_ALERT_URL: `${baseUrl}/generic`,
    FERRY_TEST_SLACK_URL: `${baseUrl}/slack/services/T0TEST000/B0TEST000/canarySlackSecret0123`,
    FERRY_TEST_TG_URL: `${baseUrl}/bot${TELEGRAM_TOKEN}/sendMessage`,
  }
}

/**
 * A live devnet config (one USDC rebalance 42161 → 8453, a deficit of 10 000 USDC on Base so
 * every run has an order to make) with alerts to the three formats, URLs from env vars.
 */
function writeConfig(
  name: string,
  options: Omit<DevnetLiveConfigOptions, 'killSwitchFile'> & { alerts?: string } = {},
): string {
  const path = writeDevnetLiveConfig(devnet, join(dir, `${name}.yaml`), {
    killSwitchFile: `${name}.kill`,
    targets: { arbitrum: '990000000000', base: '1010000000000' },
    ...options,
  })
  appendFileSync(
    path,
    `observe:
  alerts:
    destinations:
      - { format: generic, urlEnv: FERRY_TEST_ALERT_URL }
      - { format: slack, urlEnv: FERRY_TEST_SLACK_URL }
      - { format: telegram, urlEnv: FERRY_TEST_TG_URL, chatId: -1001234567890 }
${options.alerts ?? ''}`,
  )
  return path
}

function runLive(config: string, args: string[], env = alertEnv(), timeoutMs = 60_000) {
  const journal = config.replace(/\.yaml$/, '.sqlite')
  return runFerry(
    ['run', config, '--live', '--json', '--journal', journal, ...args],
    env,
    timeoutMs,
  )
}

const eventsOf = (run: FerryRun): FerryEvent[] => jsonEvents(run.stdout)

/** The generic alerts the receiver got, and a check that every format got each one. */
function genericAlerts(): Record<string, unknown>[] {
  const generic = receiver.received.filter((r) => r.path === '/generic').map((r) => r.body)
  const slack = receiver.received.filter((r) => r.path.startsWith('/slack/'))
  const telegram = receiver.received.filter((r) => r.path.endsWith('/sendMessage'))
  expect(slack).toHaveLength(generic.length)
  expect(telegram).toHaveLength(generic.length)
  for (const t of telegram)
    expect(t.body).toMatchObject({ chat_id: '-1001234567890', parse_mode: 'HTML' })
  for (const s of slack)
    expect(s.body).toMatchObject({ text: expect.any(String), blocks: expect.any(Array) })
  return generic
}

/** No secret of the run (the key, the URL tokens) in its output or in any alert. */
function expectNoSecrets(run: FerryRun): void {
  const everything = [
    run.stdout,
    run.stderr,
    ...receiver.received.map((r) => JSON.stringify(r.body)),
  ].join('\n')
  expect(everything).not.toContain(TELEGRAM_TOKEN)
  expect(everything).not.toContain('canarySlackSecret0123')
  expect(everything).not.toContain(user.privateKey.slice(2))
}

const ROUTE_LABELS = { chain: '42161', strategy: 'usdc', route: '42161 → 8453' }

describe('alerts from ferry run', () => {
  test('default: a tripped risk limit alerts in every format, naming the intent', async () => {
    const config = writeConfig('limit', { extraRisk: '  maxNotionalUsdPerDay: 1\n' })
    const run = await runLive(config, ['--once'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const decision = eventsOf(run).find((e) => e.type === 'decision')!
    expect(decision).toMatchObject({ verdict: 'reject', reason: 'dailyNotionalExceeded' })
    const [alert, ...rest] = genericAlerts()
    expect(rest).toEqual([])
    expect(alert).toMatchObject({
      kind: 'riskLimit',
      severity: 'warning',
      title: 'Risk limit: dailyNotionalExceeded',
      labels: { ...ROUTE_LABELS, reason: 'dailyNotionalExceeded' },
    })
    expect(alert!.text).toContain(`intent ${decision.intentId}`)
    const telegram = receiver.received.find((r) => r.path.endsWith('/sendMessage'))!
    expect(String(telegram.body.text)).toContain('<b>Risk limit: dailyNotionalExceeded</b>')
    expectNoSecrets(run)
  })

  test('behavior: a transaction the verifier refuses is a security alert', async () => {
    const proxy = await startTamperProxy(devnet.sim.baseUrl)
    try {
      // The service answers an order transaction aimed at another contract.
      proxy.tamper = (path, _query, body) => {
        const answer = body as { tx?: { to?: string; data?: string } }
        if (path.endsWith('/create-tx') && answer.tx?.data) answer.tx.to = ATTACKER
        return body
      }
      const config = writeConfig('refused')
      writeFileSync(
        config,
        readFileSync(config, 'utf8').replace(
          `apiUrl: ${devnet.sim.baseUrl}`,
          `apiUrl: ${proxy.url}`,
        ),
      )
      const run = await runLive(config, ['--once'])
      expect(run.code).toBe(0)
      const terminal = eventsOf(run).find((e) => e.type === 'terminal')!
      expect(terminal).toMatchObject({ state: 'refused' })
      const alerts = genericAlerts()
      // A refusal is a security event: ferry also engages the kill switch (risk.autoKill).
      expect(alerts.map((a) => a.kind)).toEqual(['verificationRefused', 'killSwitch'])
      expect(alerts[1]!.text).toContain('engaged by ferry: the verifier refused a transaction')
      // The switch persists in its file until a person clears it (P-4.4).
      expect(readFileSync(join(dir, 'refused.kill'), 'utf8')).toContain(
        'reason: the verifier refused a transaction of the service',
      )
      expect(eventsOf(run).find((e) => e.type === 'killSwitch')).toMatchObject({ engaged: true })
      expect(alerts[0]).toMatchObject({
        severity: 'security',
        title: 'Verification refused a transaction',
        labels: ROUTE_LABELS,
      })
      expect(alerts[0]!.text).toContain(`intent ${terminal.intentId}`)
      expect(alerts[0]!.text).toContain('refusing to sign: tx.to is not allow-listed')
      expectNoSecrets(run)
    } finally {
      await proxy.close()
    }
  })

  test('behavior: a hook the solver fails alerts once, with the order and the intent', async () => {
    devnet.solver!.setPolicy({ hook: 'fail', fillDelayMs: 50 })
    const config = writeConfig('hook', { hook: true, tracking: '  pollIntervalMs: 200\n' })
    const run = await runLive(config, ['--once'])
    expect(run.code).toBe(0)
    const events = eventsOf(run)
    expect(events.find((e) => e.type === 'hook')).toMatchObject({
      steps: [{ stepNumber: 1, status: 'Failed' }],
    })
    const created = events.find((e) => e.type === 'created')!
    const alerts = genericAlerts()
    expect(alerts.map((a) => a.kind)).toEqual(['hookFailed'])
    expect(alerts[0]).toMatchObject({
      severity: 'critical',
      title: 'Hook failed',
      labels: ROUTE_LABELS,
    })
    expect(alerts[0]!.text).toContain(`order ${created.orderId}`)
    expect(alerts[0]!.text).toContain(`intent ${created.intentId}`)
    expect(alerts[0]!.text).toContain('steps: 1 Failed')
    expectNoSecrets(run)
  })

  test('behavior: an order the solver never fills alerts as stuck past tracking.deadlineMs', async () => {
    devnet.solver!.setPolicy({ neverFill: true })
    const config = writeConfig('stuck', {
      tracking: '  deadlineMs: 10000\n  pollIntervalMs: 200\n',
    })
    const run = await runLive(config, ['--once'], alertEnv(), 90_000)
    expect(run.code).toBe(0)
    const events = eventsOf(run)
    const stuck = events.find((e) => e.type === 'stuck')!
    expect(stuck).toMatchObject({ waitingFor: 'fill' })
    const alerts = genericAlerts()
    expect(alerts.map((a) => a.kind)).toEqual(['orderStuck'])
    expect(alerts[0]).toMatchObject({
      severity: 'warning',
      title: expect.stringMatching(/^Order stuck: not filled after \d+ s$/),
      labels: ROUTE_LABELS,
    })
    expect(alerts[0]!.text).toContain(`order ${stuck.orderId}`)
    expect(alerts[0]!.text).toContain(`intent ${stuck.intentId}`)
    expectNoSecrets(run)
  }, 120_000)

  test('behavior: with the webhook down every tick still runs, ferry exits 0 and logs the failure', async () => {
    // A port that was just closed: every send is refused.
    const down = await startReceiver()
    await down.close()
    const config = writeConfig('down', {
      extraRisk: '  maxNotionalUsdPerDay: 1\n',
      alerts: '    retries: 1\n    timeoutMs: 2000\n',
    })
    const run = await runLive(config, ['--ticks', '2'], alertEnv(down.url))
    expect(run.code).toBe(0)
    const ticks = eventsOf(run).filter((e) => e.type === 'tickEnd')
    expect(ticks.map((t) => [t.tick, t.failures])).toEqual([
      [1, 0],
      [2, 0],
    ])
    const warnings = run.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; destination?: string; error?: string })
      .filter((l) => l.msg === 'alert not delivered')
    expect(warnings.length).toBeGreaterThan(0)
    expect(warnings.map((w) => w.destination)).toContain(
      `telegram FERRY_TEST_TG_URL (${new URL(down.url).host})`,
    )
    expect(warnings.every((w) => w.error?.includes('ECONNREFUSED'))).toBe(true)
    expectNoSecrets(run)
  })
})
