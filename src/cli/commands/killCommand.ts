import { unlinkSync } from 'node:fs'
import { hostname, userInfo } from 'node:os'
import type { Command } from 'commander'
import { redactDatabaseUrl } from '../../common/redactDatabaseUrl.ts'
import { readJournalUrlSetting } from '../../settings/readJournalUrlSetting.ts'
import { readKillSwitchFile } from '../../settings/readKillSwitchFile.ts'
import { resolveJournalTarget } from '../../settings/resolveJournalTarget.ts'
import { resolveKillSwitchPath } from '../../settings/resolveKillSwitchPath.ts'
import { readSharedKillSwitch, setSharedKillSwitch } from '../../store/cluster/sharedKillSwitch.ts'
import { openPgJournal } from '../../store/pg/openPgJournal.ts'
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
  /**
   * The cluster's switch in the shared journal (`FERRY_JOURNAL_URL` or `journal.url`), thrown
   * with the file: every instance on it honours it within one tick. Null without a shared journal.
   */
  cluster: { killSwitch: 'on' | 'off'; changed: boolean; note: string | null } | null
}

/**
 * Runs `ferry kill on|off --config <file> [--reason text]`: creates (with a timestamp and a
 * reason line) or removes the kill-switch file `risk.killSwitchFile` (relative to the config
 * file's directory). While it exists a running ferry accepts no new intent; tracking, reconciling
 * and cancels go on (P-4.4). Idempotent: `on` keeps an existing file and its first timestamp.
 * With a shared journal (`FERRY_JOURNAL_URL` or `journal.url`) it also throws the cluster's switch
 * in the database, which every instance reads once a tick.
 */
export async function killCommand(
  state: 'on' | 'off',
  opts: { reason: string },
  cmd: Command,
): Promise<void> {
  const options = cmd.optsWithGlobals<GlobalOptions>()
  const configPath = requireConfigPath(options, 'kill', 'it names the kill-switch file')
  const path = resolveKillSwitchPath(readKillSwitchFile(configPath), configPath)
  const changed =
    state === 'on' ? engageKillSwitch(path, opts.reason, whoAmI(), Date.now()) : release(path)
  const now = readKillSwitchState(path)
  // The file first: it works with the database down. Then the cluster's switch, if any.
  // The one journal order of every command (docs/operations.md §8.5); the SQLite journal has no
  // switch of its own: there the file is the switch.
  const target = resolveJournalTarget(configPath, {}, readJournalUrlSetting(configPath))
  const url = target.kind === 'postgres' ? target.url : undefined
  const result: KillResult = {
    killSwitch: now.engaged ? 'on' : 'off',
    path,
    changed,
    note: now.note ?? null,
    cluster:
      url === undefined
        ? null
        : await throwClusterSwitch(url, state, opts.reason).catch((error: unknown) => {
            // The file switch already holds on this host: say so before the failure.
            process.stderr.write(
              `kill switch ${now.engaged ? 'ON' : 'OFF'}: ${path}; the cluster's switch in ${redactDatabaseUrl(url)} was not changed\n`,
            )
            throw error
          }),
  }
  printResult(options, result, () => {
    const how = changed ? (state === 'on' ? 'created' : 'removed') : `already ${state}`
    const note = result.note ? `\n  ${result.note}` : ''
    const lines = [`kill switch ${result.killSwitch.toUpperCase()}: ${path} (${how})${note}`]
    const shared = result.cluster
    if (shared) {
      const sharedHow = shared.changed
        ? state === 'on'
          ? 'engaged'
          : 'released'
        : `already ${state}`
      lines.push(
        `cluster kill switch ${shared.killSwitch.toUpperCase()}: ${redactDatabaseUrl(url!)} (${sharedHow})`,
      )
      if (shared.note) lines.push(`  ${shared.note}`)
    }
    return lines.join('\n')
  })
}

/** Engages or releases the switch in the shared journal at `url`; what it holds afterwards. */
async function throwClusterSwitch(
  url: string,
  state: 'on' | 'off',
  reason: string,
): Promise<NonNullable<KillResult['cluster']>> {
  const store = await openPgJournal(url, { maxConnections: 1 })
  try {
    const changed = await setSharedKillSwitch(store, state === 'on', { by: whoAmI(), reason })
    const now = await readSharedKillSwitch(store)
    return { killSwitch: now.engaged ? 'on' : 'off', changed, note: now.note ?? null }
  } finally {
    await store.close()
  }
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
