import { existsSync, readFileSync } from 'node:fs'

/** Whether the kill switch is engaged, and the first line of its file (when and why). */
export type KillSwitchState = { path: string; engaged: boolean; note: string | undefined }

/** Reads the kill-switch file at `path` (absolute): engaged while it exists (P-4.4). */
export function readKillSwitchState(path: string): KillSwitchState {
  if (!existsSync(path)) return { path, engaged: false, note: undefined }
  let note: string | undefined
  try {
    note = readFileSync(path, 'utf8').split('\n')[0]?.trim() || undefined
  } catch {
    // Engaged all the same: existence is the switch, the text is only for people.
    note = undefined
  }
  return { path, engaged: true, note }
}
