import type { SwapQuote } from '../../api/schemas/swapQuote.ts'
import { formatBaseUnits, shortfallBps } from '../../common/amounts.ts'
import { formatUsd } from '../../common/format/formatUsd.ts'
import { formatTable } from './formatTable.ts'

/**
 * Edge of the service's quote over one compared aggregator, in bps of the aggregator's amount:
 * positive when the service gives more. Floored toward zero.
 */
export function edgeOverAggregatorBps(ourAmount: bigint, aggregatorAmount: bigint): bigint {
  return -shortfallBps(aggregatorAmount, ourAmount)
}

/**
 * The human summary of a chain/transaction answer, with the comparedAggregators table and the
 * edge of the quote over each aggregator in bps.
 * @see docs/service.md §2.9
 */
export function formatSwapQuote(quote: SwapQuote): string {
  const { tokenIn, tokenOut } = quote
  const out = BigInt(tokenOut.amount)
  const amount = (a: string, t: { decimals: number; symbol: string }): string =>
    `${formatBaseUnits(BigInt(a), t.decimals)} ${t.symbol}`
  const rows = [['aggregator', 'amount', 'USD', 'priceDrop', 'our edge (bps)']]
  for (const agg of [...quote.comparedAggregators].sort((a, b) =>
    BigInt(b.amount) > BigInt(a.amount) ? 1 : -1,
  )) {
    rows.push([
      agg.name,
      amount(agg.amount, tokenOut),
      formatUsd(agg.approximateUsdValue),
      `${agg.priceDrop}`,
      edgeOverAggregatorBps(out, BigInt(agg.amount)).toString(),
    ])
  }
  const best = quote.comparedAggregators.reduce<bigint | undefined>(
    (m, a) => (m === undefined || BigInt(a.amount) > m ? BigInt(a.amount) : m),
    undefined,
  )
  return [
    'Single-chain swap',
    `  you give     ${amount(tokenIn.amount, tokenIn)} (${formatUsd(tokenIn.approximateUsdValue)})`,
    `  you receive  ${amount(tokenOut.amount, tokenOut)} (${formatUsd(tokenOut.approximateUsdValue)})`,
    `  minimum      ${amount(tokenOut.minAmount, tokenOut)} at slippage ${quote.slippage}%${
      quote.recommendedSlippage === undefined ? '' : ` (recommended ${quote.recommendedSlippage}%)`
    }`,
    ...(quote.protocolFee ? [`  protocol fee ${quote.protocolFee} (base units)`] : []),
    ...(best === undefined
      ? []
      : [`  edge over the best aggregator: ${edgeOverAggregatorBps(out, best)} bps`]),
    '',
    '  Compared aggregators',
    formatTable(rows)
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n'),
    '',
    `  Transaction: to ${quote.tx.to ?? '(Solana)'}, ${(quote.tx.data.length - 2) / 2} bytes of data${
      quote.tx.value === undefined ? '' : `, value ${quote.tx.value}`
    }`,
  ].join('\n')
}
