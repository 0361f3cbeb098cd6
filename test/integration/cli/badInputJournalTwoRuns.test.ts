import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import { spawnFerry } from '../../helpers/spawnFerry.ts'
import { writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

describe('bad input: two dry runs on one journal', () => {
  let devnet: Devnet
  let liveDir: string
  beforeAll(async () => {
    devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
    liveDir = mkdtempSync(join(tmpdir(), 'ferry-two-dry-'))
  }, 60_000)
  afterAll(async () => {
    await devnet?.stop()
  })

  test('failure: the second exits 2 naming the first one’s pid and the fix; the first one’s dry-run intents show in history and status', async () => {
    // A mode: live file run without --live: a dry run, which signs nothing and needs no key.
    const config = writeDevnetLiveConfig(devnet, join(liveDir, 'dry.yaml'), {
      killSwitchFile: 'never.kill',
    })
    const journal = join(liveDir, 'dry.sqlite')
    const first = spawnFerry(
      ['run', config, '--ticks', '1000', '--json', '--journal', journal],
      60_000,
    )
    try {
      await first.waitFor(
        'a dry-run intent',
        (events) => events.find((e) => e.type === 'dryRun'),
        30_000,
      )
      const second = await runFerry(['run', config, '--once', '--json', '--journal', journal])
      expect(second.code).toBe(2)
      expect(second.stderr).toContain(`locked by another ferry process (pid ${first.pid})`)
      expect(second.stderr).toContain(`fix: stop the process with pid ${first.pid} first`)
      expect(second.stdout).toBe('')

      const history = await runFerry(['history', '--journal', journal])
      expect(history.code).toBe(0)
      expect(history.stdout).toContain('dry-run (nothing signed)')
      const rows = JSON.parse((await runFerry(['history', '--json', '--journal', journal])).stdout)
      expect(rows[0]).toMatchObject({ state: 'dry-run', dryRun: true, strategy: 'usdc' })
      const one = await runFerry(['history', '--intent', rows[0].id, '--journal', journal])
      expect(one.code).toBe(0)
      expect(one.stdout).toContain(rows[0].id)

      const status = await runFerry(['status', '--config', config, '--journal', journal])
      expect(status.code).toBe(0)
      expect(status.stdout).toMatch(/dry runs\s+[1-9]\d* intent\(s\)/)
      expect(status.stdout).toContain('dry-run intents (newest first, nothing signed)')
      // Rehearsals count against no limit.
      expect(status.stdout).toContain('in flight    0 intent(s), $0.00')
    } finally {
      first.kill('SIGTERM')
    }
    expect((await first.exited).code).toBe(0)
  }, 90_000)
})
