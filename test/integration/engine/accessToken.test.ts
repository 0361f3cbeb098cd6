import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import { type RecordingProxy, startRecordingProxy } from '../../helpers/startRecordingProxy.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

const TOKEN = 'canary-access-token-5f1d9c2e'
let devnet: Devnet
let proxy: RecordingProxy
let dir: string

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
  proxy = await startRecordingProxy(devnet.sim.baseUrl)
  dir = mkdtempSync(join(tmpdir(), 'ferry-token-'))
}, 60_000)

afterAll(async () => {
  await proxy?.close()
  await devnet?.stop()
})

describe('ferry run and the service access token', () => {
  test('behavior: the token from the env var named by service.accessTokenEnv goes with every request and never into the output or the logs', async () => {
    // The service URLs point at a recording proxy in front of the devnet's simulator.
    const config = writeDevnetLiveConfig(
      { ...devnet, sim: { ...devnet.sim, baseUrl: proxy.url, statsUrl: proxy.url } },
      join(dir, 'token.yaml'),
      { killSwitchFile: 'token.kill' },
    )
    const run = await runFerry(
      [
        'run',
        config,
        '--once',
        '--json',
        '--log-level',
        'debug',
        '--journal',
        join(dir, 'j.sqlite'),
      ],
      { FERRY_ACCESS_TOKEN: TOKEN, [DEVNET_KEY_ENV]: devnetEvmAccount('user').privateKey },
      60_000,
    )
    expect(run.code).toBe(0)
    expect(proxy.requests.length).toBeGreaterThan(0)
    expect(proxy.requests.every((r) => r.query.get('accesstoken') === TOKEN)).toBe(true)
    expect(run.stdout).not.toContain(TOKEN)
    expect(run.stderr).not.toContain(TOKEN)
  }, 90_000)
})
