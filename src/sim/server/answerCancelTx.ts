import { size } from 'viem'
import { orderIdParamSchema } from '../../api/requests/buildExternalCallProcessPath.ts'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { orderCancelTxSchema } from '../../api/schemas/orderCancelTx.ts'
import { encodeBase58 } from '../../chains/base58.ts'
import { SOLANA_PROGRAMS } from '../../chains/chainRegistry.ts'
import { buildDlnCancelTx } from '../../chains/solana/buildDlnCancelTx.ts'
import type { SimRuntime } from './createSimRuntime.ts'
import { mapIssuesToError } from './mapIssuesToError.ts'
import { selfCheckFailure } from './selfCheckFailure.ts'
import type { SimAnswer } from './simAnswer.ts'
import { SIM_DEBRIDGE_FEE_BENEFICIARY, simDlnSendTable } from './simDlnSendTable.ts'
import { simErrorBody } from './simErrorBody.ts'

/**
 * Answers GET /v1.0/{net,dln}/order/{orderId}/cancel-tx (docs/dln.md §3.5) from the orders the
 * stats store holds with their struct: 400 for a malformed id, 404 `UNKNOWN_ORDER` for an order
 * never seen, 400 `CANCEL_TX_UNSUPPORTED` for an order whose destination is not Solana (ferry
 * builds EVM cancels itself), else the real dln_dst cancel of buildDlnCancelTx (docs/dln.md
 * §4.10), in deBridge's SDK's shape: `cancelOrder`, `prepareSend`, `sendOrderCancel` with no
 * execution fee, the order's destination authority as fee payer, canceler and `prepareSend`'s
 * payer, deBridge's sending accounts loaded through the send lookup table (simDlnSendTable), and as beneficiary the order's
 * `allowedCancelBeneficiarySrc`, or its maker when it has none, wrapped as `{ tx }`. Self-checked
 * against the schema.
 */
export function answerCancelTx(runtime: SimRuntime, orderId: string): SimAnswer {
  const parsed = orderIdParamSchema.safeParse(orderId)
  if (!parsed.success) {
    return {
      status: 400,
      body: mapIssuesToError(parsed.error.issues.map((i) => ({ ...i, path: ['orderId'] }))),
    }
  }
  const order = runtime.stats.getOrder(parsed.data)?.order
  if (!order) return { status: 404, body: simErrorBody('UNKNOWN_ORDER', 'Order not found.') }
  if (Number(order.takeChainId) !== SOLANA_CHAIN_ID) {
    return {
      status: 400,
      body: simErrorBody(
        'CANCEL_TX_UNSUPPORTED',
        `the simulator builds cancels of orders into Solana only; this one goes to ${order.takeChainId}`,
      ),
    }
  }
  const authority = encodeBase58(Buffer.from(order.orderAuthorityAddressDst.slice(2), 'hex'))
  const beneficiary =
    size(order.allowedCancelBeneficiarySrc) > 0 ? order.allowedCancelBeneficiarySrc : order.makerSrc
  const id = parsed.data as `0x${string}`
  const { data } = buildDlnCancelTx({
    authority,
    order,
    orderId: id,
    beneficiary,
    dlnDestination: SOLANA_PROGRAMS.dlnDestination,
    feeBeneficiary: SIM_DEBRIDGE_FEE_BENEFICIARY,
    lookupTables: [simDlnSendTable()],
  })
  // Wrapped in `tx`, as deBridge's own docs show the answer (docs/dln.md §3.5).
  const body = {
    tx: { data, chainId: SOLANA_CHAIN_ID, from: authority, cancelBeneficiary: beneficiary },
  }
  const checked = orderCancelTxSchema.safeParse(body)
  if (!checked.success) return selfCheckFailure('cancel-tx', checked.error.issues, runtime)
  return { status: 200, body }
}
