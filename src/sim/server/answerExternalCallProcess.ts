import { orderIdParamSchema } from '../../api/requests/buildExternalCallProcessPath.ts'
import { buildExternalCallProcess } from '../stats/buildExternalCallProcess.ts'
import type { SimRuntime } from './createSimRuntime.ts'
import { mapIssuesToError } from './mapIssuesToError.ts'
import type { SimAnswer } from './simAnswer.ts'
import { simErrorBody } from './simErrorBody.ts'

/**
 * Answers GET /api/Orders/{orderId}/externalCallProcess from the stats store: 400
 * `INVALID_QUERY_PARAMETERS` for an id that is not 0x and 64 hex digits, 404 `UNKNOWN_ORDER` for
 * an order never recorded (docs/dln.md §2.2), else the process of docs/service.md §2.3.
 * @see docs/service.md §4.1
 */
export function answerExternalCallProcess(runtime: SimRuntime, orderId: string): SimAnswer {
  const parsed = orderIdParamSchema.safeParse(orderId)
  if (!parsed.success) {
    return {
      status: 400,
      body: mapIssuesToError(parsed.error.issues.map((i) => ({ ...i, path: ['orderId'] }))),
    }
  }
  const order = runtime.stats.getOrder(parsed.data)
  if (!order) return { status: 404, body: simErrorBody('UNKNOWN_ORDER', 'Order not found.') }
  return {
    status: 200,
    body: buildExternalCallProcess(order, runtime.stats.getHookSteps(parsed.data)),
  }
}
