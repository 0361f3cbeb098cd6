import {
  BUILD_ADDRESS_PARAMS,
  createTxParamsSchema,
} from '../../api/requests/buildCreateTxQuery.ts'
import { orderQuoteSchema, orderTxResponseSchema } from '../../api/schemas/orderQuote.ts'
import { checkEstimate } from './checkEstimate.ts'
import { checkIntermediarySpender } from './checkIntermediarySpender.ts'
import type { SimRuntime } from './createSimRuntime.ts'
import { mapIssuesToError } from './mapIssuesToError.ts'
import { CREATE_TX_PARAM_KINDS } from './queryParamKinds.ts'
import { queryToParams } from './queryToParams.ts'
import { quoteFailureAnswer } from './quoteFailureAnswer.ts'
import { selfCheckFailure } from './selfCheckFailure.ts'
import type { SimAnswer } from './simAnswer.ts'

/**
 * Answers GET /v1.0/net/order/create-tx: validates the query with the client's own
 * createTxParamsSchema (every rule of docs/service.md §4.4, §7, §8), asks the injected quote builder, checks
 * the answer against the client's schema (with tx and orderId when the rule-1 addresses are all
 * given, without tx otherwise) and runs the chain-state checks: the intermediary spender's
 * funding (docs/service.md §8) and enableEstimate's balance and allowance (docs/service.md §7 rule 2).
 * @see docs/service.md §4.4, §7
 */
export async function answerCreateTx(
  runtime: SimRuntime,
  query: Record<string, string>,
): Promise<SimAnswer> {
  const parsed = createTxParamsSchema.safeParse(queryToParams(query, CREATE_TX_PARAM_KINDS))
  if (!parsed.success) return { status: 400, body: mapIssuesToError(parsed.error.issues) }
  const params = parsed.data
  const unfitSpender = await checkIntermediarySpender(runtime.chainState, params)
  if (unfitSpender) return { status: 400, body: unfitSpender }
  let quote: Awaited<ReturnType<SimRuntime['quoteOrder']>>
  try {
    quote = await runtime.quoteOrder(params, { nowMs: runtime.clock.nowMs() })
  } catch (error) {
    return quoteFailureAnswer(error, runtime.logger)
  }
  const buildable = BUILD_ADDRESS_PARAMS.every((key) => params[key] !== undefined)
  if (runtime.selfCheck) {
    const checked = (buildable ? orderTxResponseSchema : orderQuoteSchema).safeParse(quote)
    if (!checked.success) return selfCheckFailure('create-tx', checked.error.issues, runtime)
    if (!buildable && quote.tx !== undefined) {
      return selfCheckFailure(
        'create-tx',
        [
          {
            path: ['tx'],
            message: 'present on a quote-only request (docs/service.md §4.4 rule 1)',
          },
        ],
        runtime,
      )
    }
  }
  if (params.enableEstimate) {
    const failure = await checkEstimate(runtime.chainState, params, quote)
    if (failure) return { status: 400, body: failure }
  }
  return { status: 200, body: quote }
}
