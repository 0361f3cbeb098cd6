import type { OrderQuote } from '../../api/schemas/orderQuote.ts'
import type { CostKind } from '../../common/strategy/marketTypes.ts'

const KIND_OF_TYPE: Readonly<Record<string, CostKind>> = {
  DlnProtocolFee: 'protocolFee',
  TakerMargin: 'takerMargin',
  EstimatedOperatingExpenses: 'operatingExpenses',
  PreSwap: 'swap',
  AfterSwap: 'swap',
  PreSwapEstimatedSlippage: 'slippage',
  AfterSwapEstimatedSlippage: 'slippage',
}

/**
 * USD of each kind of cost in an order quote. Each cost item is valued as the USD of what went in
 * less the USD of what came out. Prices (USD per base unit, per chain and token) come from the
 * quote itself: the source input, the reserve asset and the destination output; a token the
 * quote does not price (the destination's intermediary) takes the price of the previous item's
 * output when the pipeline hands the same amount on (docs/dln.md §1.2: each step's amountIn is the
 * last one's amountOut). An item still unpriced is left out, never guessed. `fixFeeUsd` and
 * `txFeeUsd` come from the caller (native prices). Pure.
 */
export function orderCostsUsd(
  estimation: OrderQuote['estimation'],
  fixFeeUsd: number,
  txFeeUsd: number,
): Partial<Record<CostKind, number>> {
  const { srcChainTokenIn, srcChainTokenOut, dstChainTokenOut } = estimation
  const usdPerUnit = new Map<string, number>()
  const key = (chain: string | number, address: string): string =>
    `${chain}:${address.toLowerCase()}`
  const price = (
    token: { chainId: number; address: string },
    amount: string,
    usd: number,
  ): void => {
    const units = Number(amount)
    if (units > 0 && Number.isFinite(usd))
      usdPerUnit.set(key(token.chainId, token.address), usd / units)
  }
  price(srcChainTokenIn, srcChainTokenIn.amount, srcChainTokenIn.approximateUsdValue)
  if (srcChainTokenOut) {
    price(srcChainTokenOut, srcChainTokenOut.amount, srcChainTokenOut.approximateUsdValue)
  }
  price(
    dstChainTokenOut,
    dstChainTokenOut.recommendedAmount,
    dstChainTokenOut.recommendedApproximateUsdValue,
  )
  const costs: Partial<Record<CostKind, number>> = {}
  const add = (kind: CostKind, usd: number): void => {
    if (Number.isFinite(usd)) costs[kind] = (costs[kind] ?? 0) + usd
  }
  add('fixFee', fixFeeUsd)
  add('txFee', txFeeUsd)
  let handed: { amount: string; usdPerUnit: number | undefined } | undefined
  for (const item of estimation.costsDetails) {
    const inKey = key(item.chain, item.tokenIn)
    const outKey = key(item.chain, item.tokenOut)
    const inUsd =
      usdPerUnit.get(inKey) ?? (handed?.amount === item.amountIn ? handed.usdPerUnit : undefined)
    if (inUsd !== undefined && !usdPerUnit.has(inKey)) usdPerUnit.set(inKey, inUsd)
    const outUsd = usdPerUnit.get(outKey)
    handed = { amount: item.amountOut, usdPerUnit: outUsd }
    if (inUsd === undefined || outUsd === undefined) continue
    add(
      KIND_OF_TYPE[item.type] ?? 'other',
      Number(item.amountIn) * inUsd - Number(item.amountOut) * outUsd,
    )
  }
  return costs
}
