import { VerificationError } from '../../../src/common/VerificationError.ts'

/** The VerificationError `run` throws; any other error is rethrown, no error fails the test. */
export function refusal(run: () => unknown): VerificationError {
  try {
    run()
  } catch (error) {
    if (error instanceof VerificationError) return error
    throw error
  }
  throw new Error('expected a VerificationError')
}
