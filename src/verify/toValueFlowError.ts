import type { EvmValueFlow } from './evmValueFlow.ts'
import type { EvmValueFlowExpectation, ValueFlowViolation } from './evmValueFlowExpectation.ts'
import { formatFlowAmount, formatUsdE18 } from './formatFlowAmount.ts'
import { valueBalance } from './judgeValueConserved.ts'
import { ValueFlowError } from './ValueFlowError.ts'

/**
 * The {@link ValueFlowError} for broken rules: a summary of what left and what arrived (orders
 * and swaps: `1000.00 USDC left the wallet, the order gives 0.00 WETH (≈ $0.00); route max cost
 * 100 bps`), one line per violation, then every move of the flow.
 */
export function toValueFlowError(
  flow: EvmValueFlow,
  e: EvmValueFlowExpectation,
  violations: readonly ValueFlowViolation[],
): ValueFlowError {
  return new ValueFlowError(summaryOf(flow, e, violations), violations, flowLines(flow, e))
}

function summaryOf(
  flow: EvmValueFlow,
  e: EvmValueFlowExpectation,
  violations: readonly ValueFlowViolation[],
): string {
  const rules = [...new Set(violations.map((v) => v.rule))].join(', ')
  if (e.kind !== 'order' && e.kind !== 'swap') return `${violations[0]!.message} [${rules}]`
  const { left, arrived } = valueBalance(flow, e)
  const usd = (v: bigint | undefined): string => (v === undefined ? 'unpriced' : formatUsdE18(v))
  const leaving = left.length
    ? left.map((x) => formatFlowAmount(e, x.token, x.amount)).join(' + ')
    : 'nothing'
  const where = e.kind === 'order' ? 'the order gives' : 'the swap delivers'
  const got = arrived
    ? `${formatFlowAmount(e, arrived.token, arrived.amount)} (≈ ${usd(arrived.usdE18)})`
    : 'nothing'
  return `${leaving} left the wallet, ${where} ${got}; route max cost ${e.maxCostBps ?? 0} bps [${rules}]`
}

/** One line per call outcome and per move, for the error's detail lines and the journal. */
export function flowLines(
  flow: EvmValueFlow,
  e: Pick<EvmValueFlowExpectation, 'chainId' | 'prices' | 'labels'>,
): string[] {
  const lines = [`method ${flow.method}`]
  flow.calls.forEach((c, i) => {
    lines.push(`call ${i + 1}: ${c.status}, gas ${c.gasUsed}`)
  })
  for (const t of flow.transfers) {
    lines.push(
      `call ${t.callIndex + 1}: ${formatFlowAmount(e, t.token, t.amount)} ${t.from} -> ${t.to}`,
    )
  }
  for (const n of flow.native) {
    lines.push(`call ${n.callIndex + 1}: ${n.amountWei} wei ${n.from} -> ${n.to}`)
  }
  for (const a of flow.approvals) {
    lines.push(
      `call ${a.callIndex + 1}: approve ${a.owner} -> ${a.spender} ${formatFlowAmount(e, a.token, a.amount)}`,
    )
  }
  for (const o of flow.createdOrders) {
    lines.push(
      `call ${o.callIndex + 1}: CreatedOrder ${o.orderId} gives ${formatFlowAmount(e, o.order.giveTokenAddress, o.order.giveAmount)}`,
    )
  }
  return lines
}
