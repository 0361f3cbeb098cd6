import { EvmSendError } from '../chains/evm/EvmSendError.ts'
import { QuoteMovedError } from '../chains/verify/QuoteMovedError.ts'
import { VerificationError } from '../chains/verify/VerificationError.ts'
import type { ExecutionOutcome } from './executionOutcome.ts'
import { RiskRecheckError } from './RiskRecheckError.ts'

/**
 * What a throw of an executor means for the intent: a refusal of the verifier (integrity); a quote
 * that moved below ferry's minimum (economics, never the kill switch); a send whose bytes
 * may have left and may still land, which stays in flight for reconciliation and is never called
 * failed (P-2.3); or a failure.
 */
export function outcomeOfError(error: unknown): ExecutionOutcome {
  if (error instanceof VerificationError) return { kind: 'refused', detail: error.shortMessage }
  if (error instanceof QuoteMovedError) return { kind: 'moved', detail: error.shortMessage }
  if (error instanceof RiskRecheckError) {
    return { kind: 'moved', detail: `${error.shortMessage}: ${error.metaMessages?.[0] ?? ''}` }
  }
  const detail = (error as Error).message.split('\n')[0]!
  if (error instanceof EvmSendError && error.state === 'unknown') return { kind: 'unknown', detail }
  return { kind: 'failed', detail }
}
