import { writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { makeFolder } from '../common/makeFolder.ts'
import { UsageError } from '../common/UsageError.ts'

/**
 * Creates the kill-switch file (safety P-4.4) with when, by whom and why, unless it exists:
 * exclusive create, so two writers never overwrite each other and the first reason stays.
 * Returns whether this call created it.
 * @throws UsageError naming `risk.killSwitchFile` when its folder cannot be made or the file
 *   cannot be written (a file in the way, a read-only or virtual file system such as /proc).
 */
export function engageKillSwitch(path: string, reason: string, by: string, nowMs: number): boolean {
  try {
    makeFolder(dirname(path))
  } catch (error) {
    throw unusable(path, error)
  }
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
    throw unusable(path, error)
  }
}

function unusable(path: string, error: unknown): UsageError {
  const { code, path: at } = error as NodeJS.ErrnoException
  const why =
    code === 'ENOTDIR'
      ? `${at ?? 'a part of its path'} is a file, not a folder`
      : `${code ?? 'it'} at ${at ?? dirname(path)}`
  return new UsageError(
    'risk.killSwitchFile',
    `cannot create ${path}: ${why}`,
    'set risk.killSwitchFile to a path in a folder this user may write (relative to the config file)',
  )
}
