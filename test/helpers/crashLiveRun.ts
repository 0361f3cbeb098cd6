import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { devnetEvmAccount } from '../../src/devnet/devnetAccounts.ts'
import type { Devnet } from '../../src/devnet/startDevnet.ts'
import { type FerryEvent, jsonEvents, runFerry } from './runFerry.ts'
import {
  DEVNET_KEY_ENV,
  type DevnetLiveConfigOptions,
  writeDevnetLiveConfig,
} from './writeDevnetLiveConfig.ts'

/**
 * A crash and a restart of `ferry run --live --once --json` on the devnet with the user's key:
 * writes `<dir>/<name>.yaml` with the given `tracking` lines, runs it with `FERRY_CRASH_AT` set to
 * `crashAt` and asserts it was killed, and returns its events, the journal's path and `settle`,
 * which writes the kill switch `<dir>/<name>.kill` (the next start only settles), runs the same
 * command again, asserts a clean exit and returns that run's events.
 */
export async function crashLiveRun(
  devnet: Devnet,
  dir: string,
  name: string,
  tracking: string,
  crashAt: string,
  /** More of the config, e.g. `account` for a Safe. Default none. */
  more: Partial<DevnetLiveConfigOptions> = {},
): Promise<{ events: FerryEvent[]; journalPath: string; settle: () => Promise<FerryEvent[]> }> {
  const config = join(dir, `${name}.yaml`)
  const journalPath = join(dir, `${name}.sqlite`)
  writeDevnetLiveConfig(devnet, config, { ...more, killSwitchFile: `${name}.kill`, tracking })
  const env = { [DEVNET_KEY_ENV]: devnetEvmAccount('user').privateKey }
  const args = ['run', config, '--live', '--once', '--json', '--journal', journalPath]
  const crashed = await runFerry(args, { ...env, FERRY_CRASH_AT: crashAt }, 90_000)
  expect(crashed.signal, `${crashAt}\n${crashed.stderr}\n${crashed.stdout}`).toBe('SIGKILL')
  return {
    events: jsonEvents(crashed.stdout),
    journalPath,
    settle: async () => {
      writeFileSync(join(dir, `${name}.kill`), 'settle only\n')
      const settled = await runFerry(args, env, 90_000)
      expect(settled.stderr).toBe('')
      expect(settled.code).toBe(0)
      return jsonEvents(settled.stdout)
    },
  }
}
