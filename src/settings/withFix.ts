/** Separates a problem from its fix inside one zod message; {@link ConfigError} splits on it. */
export const FIX_SEPARATOR = ' — fix: '

/** Joins a problem and its fix into one zod message, e.g. `must be > 0 — fix: give 50`. */
export function withFix(problem: string, fix: string): string {
  return `${problem}${FIX_SEPARATOR}${fix}`
}
