import { EvmSendError } from '../chains/evm/EvmSendError.ts'
import { VerificationError } from '../common/VerificationError.ts'
import { CONFIG_FAILURE_PREFIX } from '../store/contract/journalTypes.ts'
import { PriceFeedUnavailableError } from '../verify/prices/PriceFeedUnavailableError.ts'
import { TrustedPriceError } from '../verify/prices/TrustedPriceError.ts'
import { QuoteMovedError } from '../verify/QuoteMovedError.ts'
import type { ExecutionOutcome } from './executionOutcome.ts'
import { RiskRecheckError } from './RiskRecheckError.ts'

/**
 * What a throw of an executor means for the intent (docs/safety.md, refusal classes):
 * - `refused`: the verifier refused the payload (integrity: alert and kill switch);
 * - `moved`: economics, never the kill switch: the quote moved below ferry's minimum, a trusted
 *   price is stale or unreadable, or a risk limit no longer holds at the last check;
 * - `config`: a configured price feed is not there (no contract, reverts, never answered): the
 *   config's fault, named with the feed; no cooldown, never the kill switch;
 * - `unknown`: bytes that may have left and may still land, kept in flight for reconciliation and
 *   never called failed (P-2.3);
 * - `failed`: anything else.
 */
export function outcomeOfError(error: unknown): ExecutionOutcome {
  if (error instanceof VerificationError) return { kind: 'refused', detail: error.shortMessage }
  if (error instanceof QuoteMovedError) return { kind: 'moved', detail: error.shortMessage }
  if (error instanceof PriceFeedUnavailableError) {
    return { kind: 'config', detail: `${CONFIG_FAILURE_PREFIX}${error.shortMessage}` }
  }
  if (error instanceof TrustedPriceError) return { kind: 'moved', detail: error.shortMessage }
  if (error instanceof RiskRecheckError) {
    return { kind: 'moved', detail: `${error.shortMessage}: ${error.metaMessages[0] ?? ''}` }
  }
  const detail = (error as Error).message.split('\n')[0]!
  if (error instanceof EvmSendError && error.state === 'unknown') return { kind: 'unknown', detail }
  return { kind: 'failed', detail }
}
