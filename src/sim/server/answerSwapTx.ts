import { swapTxParamsSchema } from '../../api/requests/buildSwapTxQuery.ts'
import { swapQuoteSchema } from '../../api/schemas/swapQuote.ts'
import type { SimRuntime } from './createSimRuntime.ts'
import { mapIssuesToError } from './mapIssuesToError.ts'
import { SWAP_TX_PARAM_KINDS } from './queryParamKinds.ts'
import { queryToParams } from './queryToParams.ts'
import { quoteFailureAnswer } from './quoteFailureAnswer.ts'
import { selfCheckFailure } from './selfCheckFailure.ts'
import type { SimAnswer } from './simAnswer.ts'

/**
 * Answers GET /v1.0/chain/transaction: validates the query with the client's swapTxParamsSchema
 * (docs/service.md §4.5, §8), asks the injected swap builder and checks its answer against swapQuoteSchema.
 * @see docs/service.md §4.5
 */
export async function answerSwapTx(
  runtime: SimRuntime,
  query: Record<string, string>,
): Promise<SimAnswer> {
  const parsed = swapTxParamsSchema.safeParse(queryToParams(query, SWAP_TX_PARAM_KINDS))
  if (!parsed.success) return { status: 400, body: mapIssuesToError(parsed.error.issues) }
  let quote: Awaited<ReturnType<SimRuntime['quoteSwap']>>
  try {
    quote = await runtime.quoteSwap(parsed.data, { nowMs: runtime.clock.nowMs() })
  } catch (error) {
    return quoteFailureAnswer(error, runtime.logger)
  }
  if (runtime.selfCheck) {
    const checked = swapQuoteSchema.safeParse(quote)
    if (!checked.success)
      return selfCheckFailure('chain/transaction', checked.error.issues, runtime)
  }
  return { status: 200, body: quote }
}
