/**
 * The logging surface the inner modules use. pino's Logger satisfies it; inner modules never
 * import pino, so they stay testable with a plain recorder.
 */
export type Logger = {
  debug(obj: object, msg?: string): void
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

/** A logger that drops everything. */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
}
