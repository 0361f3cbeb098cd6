import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Creates the kill-switch file (safety P-4.4) with when, by whom and why, unless it exists:
 * exclusive create, so two writers never overwrite each other and the first reason stays.
 * Returns whether this call created it.
 */
export function engageKillSwitch(path: string, reason: string, by: string, nowMs: number): boolean {
  mkdirSync(dirname(path), { recursive: true })
  const text = [
    `kill switch on since ${new Date(nowMs).toISOString()} by ${by}`,
    `reason: ${reason.replace(/\s+/g, ' ').trim() || 'manual stop'}`,
    '',
  ].join('\n')
  try {
    writeFileSync(path, text, { flag: 'wx' })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}
