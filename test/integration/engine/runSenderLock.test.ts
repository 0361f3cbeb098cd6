import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

const BIN = fileURLToPath(new URL('../../../bin/ferry.js', import.meta.url))
const user = devnetEvmAccount('user')
let devnet: Devnet
let dir: string

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
  dir = mkdtempSync(join(tmpdir(), 'ferry-lock-'))
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

describe('ferry run: one sender per wallet (P-2.4)', () => {
  test('behavior: a second live ferry on the same journal and wallet refuses to start (exit 2, naming its pid) while the first runs', async () => {
    // The kill switch is on, so the first instance sends nothing while it holds the locks.
    const config = writeDevnetLiveConfig(devnet, join(dir, 'lock.yaml'), {
      killSwitchFile: 'lock.kill',
    })
    writeFileSync(join(dir, 'lock.kill'), 'test\n')
    const journal = join(dir, 'lock.sqlite')
    const env = { ...process.env, [DEVNET_KEY_ENV]: user.privateKey }
    const first = spawn(
      process.execPath,
      [BIN, 'run', config, '--live', '--ticks', '1000', '--json', '--journal', journal],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const exited = new Promise<number | null>((resolve) => first.on('exit', resolve))
    try {
      // The first JSON event comes after the locks are taken.
      await new Promise<void>((resolve, reject) => {
        first.stdout.once('data', () => resolve())
        first.once('exit', () => reject(new Error('the first ferry exited early')))
      })
      const second = await runFerry(
        ['run', config, '--live', '--once', '--json', '--journal', journal],
        { [DEVNET_KEY_ENV]: user.privateKey },
        30_000,
      )
      expect(second.code).toBe(2)
      expect(second.stderr).toContain(`locked by another ferry process (pid ${first.pid})`)
      expect(second.stdout).toBe('')
    } finally {
      first.kill('SIGTERM')
    }
    // SIGTERM is a graceful stop: exit 0, locks released, so the next run may start.
    expect(await exited).toBe(0)
    const third = await runFerry(
      ['run', config, '--live', '--once', '--json', '--journal', journal],
      { [DEVNET_KEY_ENV]: user.privateKey },
      30_000,
    )
    expect(third.code).toBe(0)
  }, 90_000)
})
