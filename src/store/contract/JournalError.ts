import { FerryError, type FerryErrorOptions } from '../../common/FerryError.ts'

/**
 * A fault of the journal: it cannot guarantee durability (wrong pragmas), its schema is newer than
 * this build, or a write contradicts what is already recorded. Never a business outcome.
 */
export class JournalError extends FerryError {
  override name = 'JournalError'

  constructor(shortMessage: string, options: FerryErrorOptions = {}) {
    super(shortMessage, options)
  }
}
