import { FerryError } from '../common/FerryError.ts'
import { redactSecrets } from '../common/redactSecrets.ts'
import { UsageError } from '../common/UsageError.ts'

/** What the CLI prints for an error that ended a command, and the exit code it maps to. */
export type CliErrorReport = {
  /** Lines for stderr, newline-terminated: `ferry: …` then indented detail lines. */
  text: string
  /** 2 for a user mistake (a UsageError), 1 for a fault at run time. */
  exitCode: 1 | 2
}

/**
 * Formats an error for stderr. Every ferry error prints its one-line message, then its fix; a
 * user mistake (a UsageError) also prints its other detail lines (the configured and derived
 * address, each further config problem), so it is never reduced to its first line. A UsageError keeps its fix on the first line, as
 * `(fix: …)`. Foreign errors print their first line only: a library's multi-line dump is
 * for `--log-level debug`, which adds the stack. Every line goes through redactSecrets. Pure.
 */
export function formatCliError(
  error: unknown,
  options: { secrets: readonly string[]; debug: boolean },
): CliErrorReport {
  const redact = (text: string): string => redactSecrets(text, options.secrets)
  const lines: string[] = []
  if (error instanceof UsageError) {
    const fix = error.metaMessages.find((m) => m.startsWith('fix: '))
    lines.push(`ferry: ${error.shortMessage}${fix ? ` (${fix})` : ''}`)
    lines.push(...error.metaMessages.filter((m) => m !== fix).map((m) => `  ${m}`))
  } else if (error instanceof FerryError) {
    // A fault's data lines (a service error's errorId, errorCode) repeat its message: only its
    // fix is printed; --log-level debug shows the rest.
    const fixes = error.metaMessages.filter((m) => m.startsWith('fix: '))
    lines.push(`ferry: ${error.shortMessage}`, ...fixes.map((m) => `  ${m}`))
  } else {
    const message = error instanceof Error ? error.message : String(error)
    lines.push(`ferry: ${message.split('\n')[0]}`)
  }
  if (options.debug && error instanceof Error && error.stack) lines.push(error.stack)
  return {
    text: `${lines.map(redact).join('\n')}\n`,
    exitCode: error instanceof UsageError ? 2 : 1,
  }
}
