import type { EvmValueFlow } from './evmValueFlow.ts'
import {
  EVM_NATIVE,
  type EvmValueFlowExpectation,
  type ValueFlowViolation,
} from './evmValueFlowExpectation.ts'
import { swapReceived, walletOutflows } from './flowTotals.ts'
import { formatFlowAmount, formatUsdE18 } from './formatFlowAmount.ts'
import { valueUsdE18 } from './prices/tokenUsdPrice.ts'

/** The value weighed by {@link judgeValueConserved}, for the error's summary line. */
export type ValueBalance = {
  left: { token: string; amount: bigint; usdE18: bigint | undefined }[]
  arrived: { token: string; amount: bigint; usdE18: bigint | undefined } | undefined
}

const lc = (a: string): string => a.toLowerCase()

/**
 * What left the wallet (gross, every token, native included) and what arrived where the intent
 * says: the CreatedOrder's giveAmount of its give token (orders) or the output at the recipient
 * (swaps), each valued at the trusted price when there is one. Pure.
 */
export function valueBalance(flow: EvmValueFlow, e: EvmValueFlowExpectation): ValueBalance {
  const price = (token: string, amount: bigint): bigint | undefined => {
    const p = e.prices?.get(e.chainId, token)
    return p ? valueUsdE18(p, amount) : undefined
  }
  const left = [...walletOutflows(flow, e.wallet)].map(([token, amount]) => ({
    token,
    amount,
    usdE18: price(token, amount),
  }))
  let arrived: ValueBalance['arrived']
  if (e.kind === 'order') {
    const created =
      flow.createdOrders.find((c) => e.order && lc(c.orderId) === lc(e.order.orderId)) ??
      flow.createdOrders[0]
    const token = lc(
      created?.order.giveTokenAddress ?? e.order?.order.giveTokenAddress ?? EVM_NATIVE,
    )
    const amount = created?.order.giveAmount ?? 0n
    arrived = { token, amount, usdE18: price(token, amount) }
  } else if (e.kind === 'swap' && e.swap) {
    const token = lc(e.swap.tokenOut)
    const amount = swapReceived(flow, e.swap)
    arrived = { token, amount, usdE18: price(token, amount) }
  }
  return { left, arrived }
}

/**
 * Rule `valueConserved` (safety P-8.6): for orders and swaps, value arriving where the intent
 * says >= value leaving the wallet x (1 - maxCostBps / 10 000), both at trusted prices. A token
 * without a trusted price is `unpriced`: refused, never valued with the service's figures.
 */
export function judgeValueConserved(
  flow: EvmValueFlow,
  e: EvmValueFlowExpectation,
): ValueFlowViolation[] {
  if (e.kind !== 'order' && e.kind !== 'swap') return []
  const { left, arrived } = valueBalance(flow, e)
  const out: ValueFlowViolation[] = []
  for (const x of [...left, ...(arrived ? [arrived] : [])]) {
    if (x.usdE18 === undefined) {
      out.push({ rule: 'unpriced', message: `${x.token} on ${e.chainId} has no trusted price` })
    }
  }
  if (out.length > 0) return out
  const leftUsd = left.reduce((s, x) => s + (x.usdE18 ?? 0n), 0n)
  const arrivedUsd = arrived?.usdE18 ?? 0n
  const maxCostBps = BigInt(Math.round(e.maxCostBps ?? 0))
  if (arrivedUsd * 10_000n >= leftUsd * (10_000n - maxCostBps)) return []
  const leaving = left.map((x) => formatFlowAmount(e, x.token, x.amount)).join(' + ')
  const where = e.kind === 'order' ? 'the order gives' : 'the swap delivers'
  return [
    {
      rule: 'valueConserved',
      message: `${leaving} (≈ ${formatUsdE18(leftUsd)}) left, ${where} ${formatFlowAmount(e, arrived?.token ?? EVM_NATIVE, arrived?.amount ?? 0n)} (≈ ${formatUsdE18(arrivedUsd)}); route max cost ${maxCostBps} bps`,
    },
  ]
}
