import { unlinkSync } from 'node:fs'
import { hostname, userInfo } from 'node:os'
import type { Command } from 'commander'
import { readKillSwitchFile } from '../../settings/readKillSwitchFile.ts'
import { resolveKillSwitchPath } from '../../settings/resolveKillSwitchPath.ts'
import type { GlobalOptions } from '../cliContext.ts'
import { engageKillSwitch } from '../engageKillSwitch.ts'
import { printResult } from '../printResult.ts'
import { readKillSwitchState } from '../readKillSwitchState.ts'
import { requireConfigPath } from '../requireConfigPath.ts'

/** What `ferry kill` did, printed as JSON with `--json`. */
export type KillResult = {
  killSwitch: 'on' | 'off'
  path: string
  /** False when the switch already was in the asked state (the command is idempotent). */
  changed: boolean
  /** First line of the file while on (when and by whom it was set); null while off. */
  note: string | null
}

/**
 * Runs `ferry kill on|off --config <file> [--reason text]`: creates (with a timestamp and a
 * reason line) or removes the kill-switch file `risk.killSwitchFile` (relative to the config
 * file's directory). While it exists a running ferry accepts no new intent; tracking, reconciling
 * and cancels go on (P-4.4). Idempotent: `on` keeps an existing file and its first timestamp.
 */
export function killCommand(state: 'on' | 'off', opts: { reason: string }, cmd: Command): void {
  const options = cmd.optsWithGlobals<GlobalOptions>()
  const configPath = requireConfigPath(options, 'kill', 'it names the kill-switch file')
  const path = resolveKillSwitchPath(readKillSwitchFile(configPath), configPath)
  const changed =
    state === 'on' ? engageKillSwitch(path, opts.reason, whoAmI(), Date.now()) : release(path)
  const now = readKillSwitchState(path)
  const result: KillResult = {
    killSwitch: now.engaged ? 'on' : 'off',
    path,
    changed,
    note: now.note ?? null,
  }
  printResult(options, result, () => {
    const how = changed ? (state === 'on' ? 'created' : 'removed') : `already ${state}`
    const note = result.note ? `\n  ${result.note}` : ''
    return `kill switch ${result.killSwitch.toUpperCase()}: ${path} (${how})${note}`
  })
}

function release(path: string): boolean {
  try {
    unlinkSync(path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}

function whoAmI(): string {
  let user = 'unknown'
  try {
    user = userInfo().username
  } catch {
    // No passwd entry (some containers): the host name still says where it came from.
  }
  return `${user}@${hostname()}`
}
