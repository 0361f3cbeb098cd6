import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { registerStatusCommand } from '../../../src/cli/commands/registerStatusCommand.ts'
import {
  ARB_BASE,
  createEngineCommandsFixture,
  SOL_ARB,
} from '../../helpers/engineCommandsFixture.ts'
import { runCommandInProcess } from '../../helpers/runCommandInProcess.ts'

const fixture = createEngineCommandsFixture()
const run = (args: string[]) => runCommandInProcess(registerStatusCommand, args)
afterAll(() => rmSync(fixture.dir, { recursive: true, force: true }))

describe('ferry status', () => {
  test('default: in flight, 24 h notional against the global and route limits, kill switch off', async () => {
    const result = await run(['status', '--config', fixture.configPath])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`kill switch  off (${join(fixture.dir, 'stop.kill')} absent)`)
    expect(result.stdout).toContain('in flight    1 intent(s), $250.00 of $300.00 maxInFlightUsd')
    // i-old (two days ago) is out of the window: 100 + 40 + 250.
    expect(result.stdout).toContain('24 h         $390.00 of $1,000.00 maxNotionalUsdPerDay')
    const arbBase = result.stdout.split('\n').find((l) => l.startsWith(ARB_BASE))
    // The route override (42161 -> 8453) caps it at 400 a day; 350 used.
    expect(arbBase?.split(/\s{2,}/)).toEqual([
      ARB_BASE,
      '$350.00',
      '$400.00',
      '$50.00',
      '$350.00',
      '$250.00',
      '$300.00',
    ])
    expect(result.stdout).toContain('in-flight intents')
    expect(result.stdout).toMatch(/i-live\s+usdc-arb-base/)
  })

  test('behavior: --json parses and shows the kill switch engaged while its file exists', async () => {
    const killFile = join(fixture.dir, 'stop.kill')
    writeFileSync(killFile, 'kill switch on since then\nreason: test\n')
    try {
      const result = await run(['status', '--config', fixture.configPath, '--json'])
      expect(result.code).toBe(0)
      const report = JSON.parse(result.stdout)
      expect(report.killSwitch).toEqual({
        path: killFile,
        engaged: true,
        note: 'kill switch on since then',
      })
      expect(report.inFlight).toMatchObject({ count: 1, usd: 250, maxUsd: 300 })
      expect(report.inFlight.intents[0].params.amountIn).toBe('250000000')
      expect(report.daily).toMatchObject({ last24hUsd: 390, maxUsd: 1000 })
      const sol = report.routes.find((r: { route: string }) => r.route === SOL_ARB)
      expect(sol).toMatchObject({ last24hUsd: 40, maxNotionalUsdPerDay: 1000, inFlightUsd: 0 })
    } finally {
      rmSync(killFile, { force: true })
    }
  })

  test('behavior: no --config, a bad flag or a missing journal exit 2 naming the flag', async () => {
    const noConfig = await run(['status', '--journal', fixture.journalPath])
    expect(noConfig.code).toBe(2)
    expect(noConfig.stderr).toContain('--config: ferry status needs the config file')
    const bogus = await run(['status', '--config', fixture.configPath, '--bogus'])
    expect(bogus.code).toBe(2)
    expect(bogus.stderr).toContain("unknown option '--bogus'")
    const missing = await run([
      'status',
      '--config',
      fixture.configPath,
      '--journal',
      join(fixture.dir, 'nope.sqlite'),
    ])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/journal .*\.sqlite: does not exist \(fix: pass --journal/)
  })
})
