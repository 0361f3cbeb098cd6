import { UsageError } from '../../common/UsageError.ts'
import { CANCEL_FAIL_POINTS, FAIL_POINTS, type FailPointName } from '../../execute/failPoints.ts'

/** The environment variable that names the step at which `ferry run` kills itself (tests only). */
export const CRASH_AT_ENV = 'FERRY_CRASH_AT'

/**
 * Reads `FERRY_CRASH_AT`, the crash-test hook of `ferry run`: when set to one of
 * {@link FAIL_POINTS} or {@link CANCEL_FAIL_POINTS}, the process sends itself SIGKILL at that step of its first intent, so a
 * test can prove a restart reconciles without a second order (P-2.2). Unset in normal use.
 * @throws UsageError for a name that is not a fail point.
 */
export function resolveCrashPoint(
  env: Readonly<Record<string, string | undefined>>,
): FailPointName | undefined {
  const value = env[CRASH_AT_ENV]?.trim()
  if (!value) return undefined
  const names: readonly string[] = [...FAIL_POINTS, ...CANCEL_FAIL_POINTS]
  if (!names.includes(value)) {
    throw new UsageError(
      CRASH_AT_ENV,
      `is not a fail point: ${value}`,
      `use one of ${names.join(', ')}, or unset it`,
    )
  }
  return value as FailPointName
}
