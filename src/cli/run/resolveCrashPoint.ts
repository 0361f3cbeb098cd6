import { writeFileSync } from 'node:fs'
import { UsageError } from '../../common/UsageError.ts'
import {
  CANCEL_FAIL_POINTS,
  FAIL_POINTS,
  type FailPointName,
  WRITE_AHEAD_FAIL_POINTS,
} from '../../execute/failPoints.ts'

/** The environment variable that names the step at which `ferry run` kills itself (tests only). */
export const CRASH_AT_ENV = 'FERRY_CRASH_AT'
/**
 * The environment variable that names the step at which `ferry run` pauses itself with SIGSTOP,
 * once (tests only): a process frozen mid-intent, as a GC pause or a partition would leave it.
 */
export const PAUSE_AT_ENV = 'FERRY_PAUSE_AT'

/**
 * Reads `FERRY_CRASH_AT` (or `name`, e.g. FERRY_PAUSE_AT), the crash-test hooks of `ferry run`: when set to one of
 * {@link FAIL_POINTS} or {@link CANCEL_FAIL_POINTS}, the process sends itself SIGKILL at that step of its first intent, so a
 * test can prove a restart reconciles without a second order (P-2.2). Unset in normal use.
 * @throws UsageError for a name that is not a fail point.
 */
export function resolveCrashPoint(
  env: Readonly<Record<string, string | undefined>>,
  name: typeof CRASH_AT_ENV | typeof PAUSE_AT_ENV = CRASH_AT_ENV,
): FailPointName | undefined {
  const value = env[name]?.trim()
  if (!value) return undefined
  const names: readonly string[] = [
    ...FAIL_POINTS,
    ...CANCEL_FAIL_POINTS,
    ...WRITE_AHEAD_FAIL_POINTS,
  ]
  if (!names.includes(value)) {
    throw new UsageError(
      name,
      `is not a fail point: ${value}`,
      `use one of ${names.join(', ')}, or unset it`,
    )
  }
  return value as FailPointName
}

/**
 * The environment variable naming a file that makes {@link PAUSE_AT_ENV} pause one process of
 * several (tests only): the first to create it pauses, the others go on.
 */
export const PAUSE_ONCE_FILE_ENV = 'FERRY_PAUSE_ONCE_FILE'

/** Whether this process may pause now: always without {@link PAUSE_ONCE_FILE_ENV}, else once. */
export function claimPause(env: Readonly<Record<string, string | undefined>>): boolean {
  const path = env[PAUSE_ONCE_FILE_ENV]?.trim()
  if (!path) return true
  try {
    writeFileSync(path, `${process.pid}\n`, { flag: 'wx' })
    return true
  } catch {
    return false
  }
}
