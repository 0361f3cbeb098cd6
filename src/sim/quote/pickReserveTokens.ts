import type { ChainId } from '../../api/schemas/chainId.ts'
import type { Market } from '../market/market.ts'
import type { MarketToken } from '../market/marketToken.ts'
import { QuoteBuildError } from './QuoteBuildError.ts'

// docs/dln.md §1.4: native ETH is the reserve where it is the gas token, wETH on the other majors.
const NATIVE_ETH_RESERVE_CHAINS: readonly number[] = [1, 10, 8453, 42161, 59144]
const WETH_RESERVE_CHAINS: readonly number[] = [56, 137, 43114]

/**
 * Whether the order contract can take `token` as its give asset directly (docs/dln.md §1.4): USDC
 * anywhere, native ETH on 1/10/8453/42161/59144, WETH on 56/137/43114. A chain where the market
 * has no USDC treats its native currency as the reserve, so every chain can be a source.
 */
export function isReserveToken(market: Market, token: MarketToken): boolean {
  if (token.symbol === 'USDC') return true
  if (token.isNative && NATIVE_ETH_RESERVE_CHAINS.includes(token.chainId)) return true
  // SOL on Solana is taken as it is: an assumption (docs/dln.md does not list Solana's reserves),
  // and the devnet's Solana has no swap program to pre-swap with.
  if (token.isNative && token.chainId === 7565164) return true
  if (token.symbol === 'WETH' && WETH_RESERVE_CHAINS.includes(token.chainId)) return true
  const hasUsdc = market.tokensOf(token.chainId).some((t) => t.symbol === 'USDC')
  return !hasUsdc && token.isNative
}

/** The give asset on the source and the asset the taker settles in on the destination. */
export type ReserveTokens = {
  /** What DlnSource receives: the input itself, or what the pre-swap buys. */
  give: MarketToken
  /** The destination twin of `give`; the output differs from it only with an after-swap. */
  takeReserve: MarketToken
}

type PickParams = {
  srcChainId: ChainId
  dstChainId: ChainId
  tokenIn: MarketToken
  tokenOut: MarketToken
  ptp: boolean
  srcIntermediaryTokenAddress?: string | undefined
  dstIntermediaryTokenAddress?: string | undefined
}

function intermediary(
  market: Market,
  chainId: ChainId,
  address: string,
  field: string,
): MarketToken {
  const token = market.findToken(chainId, address)
  if (!token) {
    throw new QuoteBuildError('IMPOSSIBLE_ROUTE', field, `${address} is not traded on ${chainId}`)
  }
  return token
}

/**
 * Picks the order's give token and the destination reserve (docs/dln.md §1.2, §1.4). ptp keeps
 * both tokens unchanged; custom intermediary tokens (docs/service.md §4.4) win over the defaults; else a
 * non-reserve input is pre-swapped into USDC (or the native reserve where there is no USDC), and
 * the destination reserve is the token of the same price as the give token, preferring reserves.
 */
export function pickReserveTokens(market: Market, p: PickParams): ReserveTokens {
  if (p.ptp) return { give: p.tokenIn, takeReserve: p.tokenOut }
  const srcTokens = market.tokensOf(p.srcChainId)
  const give = p.srcIntermediaryTokenAddress
    ? intermediary(
        market,
        p.srcChainId,
        p.srcIntermediaryTokenAddress,
        'srcIntermediaryTokenAddress',
      )
    : isReserveToken(market, p.tokenIn)
      ? p.tokenIn
      : (srcTokens.find((t) => t.symbol === 'USDC') ?? market.nativeToken(p.srcChainId))
  if (p.dstIntermediaryTokenAddress) {
    const takeReserve = intermediary(
      market,
      p.dstChainId,
      p.dstIntermediaryTokenAddress,
      'dstIntermediaryTokenAddress',
    )
    return { give, takeReserve }
  }
  const dstTokens = market.tokensOf(p.dstChainId)
  const twins = dstTokens.filter((t) => t.priceSymbol === give.priceSymbol)
  const takeReserve =
    (p.tokenOut.priceSymbol === give.priceSymbol ? p.tokenOut : undefined) ??
    twins.find((t) => isReserveToken(market, t)) ??
    twins[0] ??
    dstTokens.find((t) => t.symbol === 'USDC') ??
    market.nativeToken(p.dstChainId)
  return { give, takeReserve }
}
