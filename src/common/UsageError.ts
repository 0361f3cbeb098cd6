import { FerryError, type FerryErrorOptions } from './FerryError.ts'

/**
 * Bad input from the person or the config: a flag, a parameter, a config key.
 * The CLI maps it to exit code 2. The message names the field and the fix.
 */
export class UsageError extends FerryError {
  override name = 'UsageError'
  /** The parameter, flag or config path at fault, e.g. `srcChainId` or `--take`. */
  readonly field: string

  constructor(field: string, problem: string, fix: string, options: FerryErrorOptions = {}) {
    super(`${field}: ${problem}`, {
      ...options,
      metaMessages: [`fix: ${fix}`, ...(options.metaMessages ?? [])],
    })
    this.field = field
  }
}
