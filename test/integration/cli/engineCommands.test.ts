import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createEngineCommandsFixture, ORDER_ID } from '../../helpers/engineCommandsFixture.ts'
import { type FerryRun, runFerry } from '../../helpers/runFerry.ts'

/** The real binary: these commands' smoke test as a separate process. */
const ferry = (args: string[], env: Record<string, string> = {}): Promise<FerryRun> =>
  runFerry(args, env)

const fixture = createEngineCommandsFixture()
const killFile = join(fixture.dir, 'stop.kill')
afterAll(() => rmSync(fixture.dir, { recursive: true, force: true }))

describe('ferry history, status and kill (subprocess)', () => {
  test('default: history and status read the journal next to --config; --json parses', async () => {
    const [table, one, status] = await Promise.all([
      ferry(['history', '--config', fixture.configPath]),
      ferry(['history', '--config', fixture.configPath, '--intent', 'i-live', '--json']),
      ferry(['status', '--config', fixture.configPath, '--json']),
    ])
    expect(table.stderr).toBe('')
    expect(table.code).toBe(0)
    expect(table.stdout).toMatch(/i-live\s+usdc-arb-base/)
    expect(one.code).toBe(0)
    expect(JSON.parse(one.stdout).orders[0].orderId).toBe(ORDER_ID)
    expect(status.code).toBe(0)
    expect(JSON.parse(status.stdout)).toMatchObject({
      killSwitch: { engaged: false },
      inFlight: { count: 1, usd: 250, maxUsd: 300 },
      daily: { last24hUsd: 390, maxUsd: 1000 },
    })
  })

  test('behavior: FERRY_JOURNAL names the journal when --journal is not given', async () => {
    const viaEnv = await ferry(['history', '--json'], { FERRY_JOURNAL: fixture.journalPath })
    expect(viaEnv.code).toBe(0)
    expect(JSON.parse(viaEnv.stdout)).toHaveLength(4)
  })

  test('behavior: kill on/off creates and removes the file, and status follows it', async () => {
    const on = await ferry(['kill', 'on', '--config', fixture.configPath, '--reason', 'drill'])
    expect(on.code).toBe(0)
    expect(on.stdout).toContain('kill switch ON')
    expect(readFileSync(killFile, 'utf8')).toContain('reason: drill')
    const status = await ferry(['status', '--config', fixture.configPath])
    expect(status.stdout).toContain(`kill switch  ON (${killFile})`)
    const off = await ferry(['kill', 'off', '--config', fixture.configPath, '--json'])
    expect(off.code).toBe(0)
    expect(JSON.parse(off.stdout)).toMatchObject({ killSwitch: 'off', changed: true })
    expect(existsSync(killFile)).toBe(false)
  })

  test('behavior: bad flags exit 2 naming the flag', async () => {
    const [limit, state, noConfig] = await Promise.all([
      ferry(['history', '--config', fixture.configPath, '--limit', '-3']),
      ferry(['kill', 'sideways', '--config', fixture.configPath]),
      ferry(['status']),
    ])
    expect(limit.code).toBe(2)
    expect(limit.stderr).toContain('--limit')
    expect(state.code).toBe(2)
    expect(state.stderr).toContain("argument 'state'")
    expect(noConfig.code).toBe(2)
    expect(noConfig.stderr).toContain('--config')
    expect(noConfig.stdout).toBe('')
  })
})
