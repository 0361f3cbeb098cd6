import type { Logger } from '../../common/Logger.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import { ValueFlowError } from '../../verify/ValueFlowError.ts'

/** Refusals are security events (warn, with the field); other failures are errors. */
export function logOrderFailure(logger: Logger, chainId: number, error: unknown): void {
  if (error instanceof ValueFlowError) {
    logger.warn(
      { chainId, rule: error.rule, violations: error.violations.map((v) => v.message) },
      `refused to sign: ${error.shortMessage}`,
    )
  } else if (error instanceof VerificationError) {
    logger.warn(
      { chainId, field: error.field, expected: error.expected, actual: error.actual },
      'refused to sign: verification failed',
    )
  } else {
    logger.error({ chainId, error }, 'order failed')
  }
}
