import type { OrderQuoteResult, OrderTxResult } from '../../api/endpoints/createOrderTx.ts'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import { formatBaseUnits } from '../../common/amounts.ts'
import { formatUsd } from '../../common/format/formatUsd.ts'
import { formatTable } from './formatTable.ts'

type Token = { address: string; symbol: string; decimals: number }

/**
 * The human summary of a create-tx answer: amounts with decimals, symbols and USD values, each
 * cost item, the fees, the points, the recommended slippage, and whether a transaction was built.
 * @see docs/service.md §2.6
 */
export function formatOrderQuote(result: OrderQuoteResult | OrderTxResult): string {
  const { quote } = result
  const { srcChainTokenIn: tin, srcChainTokenOut: tmid, dstChainTokenOut: tout } = quote.estimation
  const tokens = new Map<string, Token>()
  for (const t of [tin, tmid, tout]) if (t) tokens.set(t.address.toLowerCase(), t)
  const amountOf = (amount: string, token: Token): string =>
    `${formatBaseUnits(BigInt(amount), token.decimals)} ${token.symbol}`
  const costAmount = (amount: string | undefined, address: string): string => {
    if (amount === undefined) return '-'
    const token = tokens.get(address.toLowerCase())
    return token ? amountOf(amount, token) : `${amount} (base units of ${address})`
  }
  const srcChain = CHAINS[tin.chainId as ChainId]
  const native = srcChain
    ? { address: '', symbol: srcChain.nativeSymbol, decimals: srcChain.nativeDecimals }
    : { address: '', symbol: 'native base units', decimals: 0 }
  const lines = [
    `Cross-chain order ${chainName(tin.chainId)} → ${chainName(tout.chainId)}`,
    `  you give     ${amountOf(tin.amount, tin)} (${formatUsd(tin.approximateUsdValue)})${
      tin.mutatedWithOperatingExpense
        ? `, includes operating expenses ${amountOf(tin.approximateOperatingExpense, tin)}`
        : ''
    }`,
  ]
  if (tmid) {
    lines.push(
      `  order gives  ${amountOf(tmid.amount, tmid)} (${formatUsd(tmid.approximateUsdValue)}) after the pre-swap`,
    )
  }
  lines.push(
    `  you receive  ${amountOf(tout.amount, tout)} (${formatUsd(tout.approximateUsdValue)})`,
    `  recommended  ${amountOf(tout.recommendedAmount, tout)} (${formatUsd(tout.recommendedApproximateUsdValue)})`,
    `  max possible ${amountOf(tout.maxTheoreticalAmount, tout)} (${formatUsd(tout.maxTheoreticalApproximateUsdValue)})`,
    `  slippage     recommended ${quote.estimation.recommendedSlippage}%`,
    `  fixed fee    ${amountOf(quote.fixFee, native)}`,
  )
  if (quote.protocolFee)
    lines.push(`  protocol fee ${costAmount(quote.protocolFee, (tmid ?? tin).address)}`)
  if (quote.prependedOperatingExpenseCost) {
    lines.push(`  prepended opex ${amountOf(quote.prependedOperatingExpenseCost, tin)}`)
  }
  if (typeof quote.usdPriceImpact === 'number')
    lines.push(`  price impact ${quote.usdPriceImpact}%`)
  lines.push(
    `  points       user ${quote.userPoints}, integrator ${quote.integratorPoints}`,
    '',
    '  Costs',
  )
  const costRows = [['type', 'chain', 'in', 'out', 'fee', 'bps', 'fee USD']]
  for (const cost of quote.estimation.costsDetails) {
    costRows.push([
      cost.type,
      chainName(Number(cost.chain)),
      costAmount(cost.amountIn, cost.tokenIn),
      costAmount(cost.amountOut, cost.tokenOut),
      cost.payload?.feeAmount ? costAmount(cost.payload.feeAmount, cost.tokenOut) : '-',
      cost.payload?.feeBps ?? '-',
      cost.payload?.feeApproximateUsdValue
        ? formatUsd(Number(cost.payload.feeApproximateUsdValue))
        : '-',
    ])
  }
  lines.push(indent(formatTable(costRows), '    '), '')
  if (result.kind === 'tx') {
    const { tx, orderId } = result.quote
    lines.push(
      '  Transaction built',
      `    orderId  ${orderId}`,
      ...(tx.to ? [`    to       ${tx.to}`] : []),
      ...(tx.value !== undefined ? [`    value    ${amountOf(tx.value, native)}`] : []),
      `    data     ${(tx.data.length - 2) / 2} bytes`,
      ...(tx.gasLimit !== undefined ? [`    gasLimit ${tx.gasLimit}`] : []),
    )
  } else {
    lines.push(
      '  Quote only: no transaction built (docs/service.md §4.4 rule 1).',
      '  To build one, pass --dst-chain-token-out-recipient, --src-chain-order-authority-address and --dst-chain-order-authority-address.',
    )
  }
  return lines.join('\n')
}

function chainName(chainId: number): string {
  const info = CHAINS[chainId as ChainId]
  return info ? `${info.name} (${chainId})` : String(chainId)
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((l) => prefix + l)
    .join('\n')
}
