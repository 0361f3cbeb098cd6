import { join } from 'node:path'
import type { Hex } from 'viem'
import { expect } from 'vitest'
import { devnetEvmAccount } from '../../src/devnet/devnetAccounts.ts'
import type { Devnet } from '../../src/devnet/startDevnet.ts'
import { jsonEvents, runFerry } from './runFerry.ts'
import {
  DEVNET_KEY_ENV,
  type DevnetLiveConfigOptions,
  writeDevnetLiveConfig,
} from './writeDevnetLiveConfig.ts'

/**
 * Writes the devnet's live config `<dir>/<name>.yaml` with the given `tracking` lines, runs
 * `ferry run --live --once --json` with the devnet user's key and a journal `<dir>/<name>.sqlite`,
 * and asserts a clean run (exit 0, nothing on stderr) that created exactly one order. Returns its
 * events, the order's ids and the journal's path.
 */
export async function runLiveOnce(
  devnet: Devnet,
  dir: string,
  name: string,
  tracking: string,
  options: Partial<DevnetLiveConfigOptions> = {},
) {
  const config = join(dir, `${name}.yaml`)
  const journalPath = join(dir, `${name}.sqlite`)
  writeDevnetLiveConfig(devnet, config, { ...options, killSwitchFile: `${name}.kill`, tracking })
  const run = await runFerry(
    ['run', config, '--live', '--once', '--json', '--journal', journalPath],
    { [DEVNET_KEY_ENV]: devnetEvmAccount('user').privateKey },
    90_000,
  )
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  const events = jsonEvents(run.stdout)
  const created = events.filter((e) => e.type === 'created')
  expect(created).toHaveLength(1)
  return {
    events,
    orderId: created[0]!.orderId as Hex,
    intentId: created[0]!.intentId as string,
    journalPath,
  }
}
