import type { CancelOrderResult } from '../../execute/cancelIntentOrder.ts'

/** The human summary of `ferry cancel`: the cancel, the refund (or how to follow it), the states. */
export function formatCancelResult(r: CancelOrderResult): string {
  const lines = [
    r.resumed
      ? `order ${r.orderId}: cancel already on chain ${r.dstChainId}${r.cancelTxHash ? ` (${r.cancelTxHash})` : ''}; followed it`
      : `order ${r.orderId}: cancelled on chain ${r.dstChainId} in ${r.cancelTxHash}`,
  ]
  if (r.refund) {
    lines.push(
      `  refund on chain ${r.srcChainId} in ${r.refund.txHash}: ${r.refund.paidAmount} of ${r.refund.giveTokenAddress} to ${r.refund.beneficiary}`,
    )
  } else {
    lines.push(
      `  refund to ${r.beneficiary} on chain ${r.srcChainId} not awaited; run ferry cancel again to follow it`,
    )
  }
  lines.push(`  order state ${r.orderState}, intent ${r.intentId}`)
  return lines.join('\n')
}
