import { UsageError } from '../../common/UsageError.ts'

/**
 * A strategy module ferry cannot use: not found, not importable (its own error's first line),
 * no `strategy` export, or one that does not fit the contract. Names the module's file and the
 * fix; exit 2.
 */
export class StrategyModuleError extends UsageError {
  override name = 'StrategyModuleError'
  /** The module's resolved path. */
  readonly file: string

  constructor(file: string, problem: string, fix: string, options: { cause?: unknown } = {}) {
    super(file, problem, fix, options)
    this.file = file
  }
}
