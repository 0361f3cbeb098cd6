import { SOLANA_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import { valueUsdE18 } from './prices/tokenUsdPrice.ts'
import type { SolanaValueFlowExpectation, SolanaValueFlowViolation } from './solanaValueFlow.ts'

/**
 * Rule `valueConserved` (docs/safety.md P-8.6) for a Solana order: the order's giveAmount of the
 * give token >= everything that left us (give, fixed fee, fees, rent) × (1 - maxCostBps / 10 000),
 * both at trusted prices. A token without a trusted price is `unpriced`: refused, never valued
 * with the service's figures. `outflows` is base units by token (mint or the native sentinel).
 * Pure.
 */
export function judgeSolanaValueConserved(
  e: Pick<
    SolanaValueFlowExpectation,
    'giveToken' | 'orderGiveAmount' | 'orderGiveToken' | 'prices' | 'maxCostBps'
  >,
  outflows: ReadonlyMap<string, bigint>,
): SolanaValueFlowViolation[] {
  const priceOf = (token: string) => e.prices.get(SOLANA_CHAIN_ID, token)
  const orderToken = e.orderGiveToken ?? e.giveToken
  const moved = [...outflows].filter(([, amount]) => amount > 0n)
  const unpriced = [...new Set([orderToken, ...moved.map(([t]) => t)])].filter((t) => !priceOf(t))
  if (unpriced.length > 0) {
    return unpriced.map((t) => ({
      rule: 'unpriced',
      message: `${t === SOLANA_NATIVE_TOKEN ? 'SOL' : t} on Solana has no trusted price`,
    }))
  }
  const leftUsdE18 = moved.reduce((sum, [t, amount]) => sum + valueUsdE18(priceOf(t)!, amount), 0n)
  const givenUsdE18 = valueUsdE18(priceOf(orderToken)!, e.orderGiveAmount)
  const maxCostBps = BigInt(Math.round(e.maxCostBps))
  if (givenUsdE18 * 10_000n >= leftUsdE18 * (10_000n - maxCostBps)) return []
  const left = moved.map(([t, amount]) => `${amount} ${t === SOLANA_NATIVE_TOKEN ? 'lamports' : t}`)
  return [
    {
      rule: 'valueConserved',
      message: `${left.join(' + ')} (≈ ${usd(leftUsdE18)}) left, the order gives ${e.orderGiveAmount} ${orderToken} (≈ ${usd(givenUsdE18)}); route max cost ${maxCostBps} bps`,
    },
  ]
}

function usd(valueUsdE18: bigint): string {
  const cents = valueUsdE18 / 10n ** 16n
  return `$${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
}
