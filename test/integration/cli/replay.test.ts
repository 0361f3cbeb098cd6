import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

const env = { [DEVNET_KEY_ENV]: devnetEvmAccount('user').privateKey }

let devnet: Devnet
let dir: string
let config: string
let journal: string
/** The intents the recorded paper run made (its dry runs), by id. */
let recordedIntents: string[]
let stopped = false

type ReplayJson = {
  mode: string
  replays: {
    label: string
    quotesFed: number
    same: number
    replay: { intents: number; refused: number; movedUsd: number; costsUsd: number }
    journal: { intents: number; movedUsd: number; costsUsd: number }
    difference: { intents: number; movedUsd: number; costsUsd: number }
    refusals: { reason: string; count: number }[]
    rows: {
      intentId: string
      replay?: { verdict: string; reason?: string }
      journal?: { outcome: string }
    }[]
  }[]
}

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
  dir = mkdtempSync(join(tmpdir(), 'ferry-replay-'))
  config = writeDevnetLiveConfig(devnet, join(dir, 'ferry.yaml'), { killSwitchFile: 'ferry.kill' })
  journal = join(dir, 'recording.sqlite')
  // The recording: the demo's rebalance in paper mode against the devnet, ticking every second.
  const recorded = await runFerry(
    ['record', config, '--for', '6s', '--journal', journal, '--json'],
    env,
    60_000,
  )
  expect(recorded.code, recorded.stderr).toBe(0)
  expect(recorded.stderr).toContain(`recorded the market into ${journal}`)
  const events = jsonEvents(recorded.stdout)
  expect(events.some((e) => e.type === 'sent' || e.type === 'created')).toBe(false)
  recordedIntents = events.filter((e) => e.type === 'dryRun').map((e) => String(e.intentId))
  // Every replay below runs with the devnet and its simulator gone: replay needs no network.
  await devnet.stop()
  stopped = true
}, 120_000)

afterAll(async () => {
  if (!stopped) await devnet?.stop()
})

describe('ferry record, then ferry replay of its journal (no network)', () => {
  test('default: the recording journals its ticks and every quote; replay under the same config makes the intents the run made', async () => {
    expect(recordedIntents.length).toBeGreaterThanOrEqual(3)
    const j = openJournal(journal)
    const market = j.marketBetween()
    j.close()
    expect(market.ticks.length).toBeGreaterThanOrEqual(recordedIntents.length)
    expect(market.quotes.length).toBeGreaterThanOrEqual(recordedIntents.length)
    const run = await runFerry(['replay', config, '--from', journal, '--json'], env)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const { mode, replays } = JSON.parse(run.stdout) as ReplayJson
    expect(mode).toBe('paper')
    const [same] = replays
    expect(same!.quotesFed).toBe(market.quotes.length)
    const made = same!.rows.filter((r) => r.replay?.verdict === 'accept').map((r) => r.intentId)
    expect(made).toEqual(recordedIntents)
    expect(same!.same).toBe(recordedIntents.length)
    expect(same!.difference.intents).toBe(0)
    expect(same!.difference.movedUsd).toBeCloseTo(0, 6)
    expect(same!.difference.costsUsd).toBeCloseTo(0, 6)
    expect(same!.replay.costsUsd).toBeGreaterThan(0)
  })

  test('behavior: under a tighter maxCostBps the intents above it disappear; the text and the report show the difference', async () => {
    const tight = join(dir, 'tight.yaml')
    writeFileSync(tight, readFileSync(config, 'utf8').replace('maxCostBps: 150', 'maxCostBps: 20'))
    const out = join(dir, 'tight.html')
    const run = await runFerry(['replay', tight, '--from', journal, '--out', out], env)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    // Every recorded move cost ~38 bps (the flat fee on 1 000 USDC): all above 20.
    expect(run.stdout).toContain(`refused costTooHigh`)
    expect(run.stdout).toMatch(new RegExp(`difference\\s+-${recordedIntents.length}\\s+-\\$`))
    expect(run.stdout).toContain(
      `replay refused ${recordedIntents.length} (costTooHigh ${recordedIntents.length})`,
    )
    const html = readFileSync(out, 'utf8')
    expect(html).toContain('<section id="replay">')
    expect(html).toContain('refused costTooHigh')
    expect(html).toContain('<section id="orders">')
    const json = await runFerry(['replay', tight, '--from', journal, '--json'], env)
    const [tighter] = (JSON.parse(json.stdout) as ReplayJson).replays
    expect(tighter!.replay).toMatchObject({
      intents: 0,
      refused: recordedIntents.length,
      movedUsd: 0,
    })
    expect(tighter!.difference.movedUsd).toBeLessThan(-1000 * recordedIntents.length + 1)
  })

  test('behavior: --grid prints one table of outcomes, one row per value', async () => {
    const run = await runFerry(
      ['replay', config, '--from', journal, '--grid', 'risk.maxCostBps=20,40,80'],
      env,
    )
    expect(run.stderr).toBe('ferry replay: 3 grid point(s)\n')
    expect(run.code).toBe(0)
    const rows = run.stdout.split('\n').filter((l) => l.startsWith('risk.maxCostBps='))
    expect(rows).toHaveLength(3)
    const n = recordedIntents.length
    expect(rows[0]).toMatch(new RegExp(`^risk\\.maxCostBps=20\\s+0\\s+${n}\\s+0\\s`))
    expect(rows[1]).toMatch(new RegExp(`^risk\\.maxCostBps=40\\s+${n}\\s+0\\s+${n}\\s`))
    expect(rows[2]).toMatch(new RegExp(`^risk\\.maxCostBps=80\\s+${n}\\s+0\\s+${n}\\s`))
  })

  test('behavior: deterministic: two replays print and write byte-identical output', async () => {
    const outputs = []
    for (const name of ['a', 'b']) {
      const out = join(dir, `${name}.html`)
      const run = await runFerry(['replay', config, '--from', journal, '--out', out], env)
      expect(run.code).toBe(0)
      outputs.push({ stdout: run.stdout, html: readFileSync(out) })
    }
    expect(outputs[0]!.stdout).toBe(outputs[1]!.stdout)
    expect(outputs[0]!.html.equals(outputs[1]!.html)).toBe(true)
  })

  test('behavior: a relative --since or a missing journal is a usage error (exit 2)', async () => {
    const relative = await runFerry(['replay', config, '--from', journal, '--since', '2h'], env)
    expect(relative.code).toBe(2)
    expect(relative.stderr).toContain('--since: "2h" is not an ISO date')
    const missing = await runFerry(['replay', config, '--from', join(dir, 'none.sqlite')], env)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--from: no journal at')
  })

  test('failure: --since after --until, and one --grid key given twice, are usage errors (exit 2)', async () => {
    const window = await runFerry(
      ['replay', config, '--from', journal, '--since', '2026-11-02', '--until', '2026-11-01'],
      env,
    )
    expect(window.code).toBe(2)
    expect(window.stderr).toContain('--until: 2026-11-01 is not after --since 2026-11-02')
    const twice = await runFerry(
      [
        'replay',
        config,
        '--from',
        journal,
        '--grid',
        'risk.maxCostBps=20',
        '--grid',
        'risk.maxCostBps=40',
      ],
      env,
    )
    expect(twice.code).toBe(2)
    expect(twice.stderr).toContain('risk.maxCostBps is given twice')
  })

  test('behavior: a large grid prints its size and its progress on stderr; stdout stays the table', async () => {
    const values = Array.from({ length: 100 }, (_, i) => 20 + i).join(',')
    const run = await runFerry(
      ['replay', config, '--from', journal, '--grid', `risk.maxCostBps=${values}`],
      env,
    )
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('ferry replay: 100 grid point(s)\n')
    expect(run.stderr).toContain('ferry replay: grid point 51 of 100\n')
    expect(run.stdout.split('\n').filter((l) => l.startsWith('risk.maxCostBps='))).toHaveLength(100)
  })

  test('behavior: a journal written under strategies the config lacks is replayed with a warning naming them', async () => {
    const other = join(dir, 'other.yaml')
    writeFileSync(other, readFileSync(config, 'utf8').replace(/\bid: usdc\b/, 'id: usdc-renamed'))
    const run = await runFerry(['replay', other, '--from', journal], env)
    expect(run.code).toBe(0)
    expect(run.stderr).toContain(
      `ferry replay: warning: ${journal} was written under strategies this config does not have (usdc)`,
    )
  })
})
