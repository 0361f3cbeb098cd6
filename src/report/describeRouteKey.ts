import { EVM_NATIVE_TOKEN, SOLANA_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import { CANONICAL_USDC } from '../api/requests/defaultIntermediaryTokens.ts'
import type { ChainId } from '../api/schemas/chainId.ts'
import { CHAINS } from '../chains/chainRegistry.ts'

/** A route key told for people. */
export type RouteDescription = {
  /** `Arbitrum USDC → Base USDC`, or `Arbitrum: USDC → 0x82af…bab1` for a single-chain swap. */
  label: string
  /** The output token: a symbol ferry knows, else its address shortened. */
  outSymbol: string
}

// `42161:0xaf88…->8453:0x8335…`: the engine's route id (strategies build it so).
const ROUTE_KEY_RE = /^(\d+):(.+)->(\d+):(.+)$/

/**
 * Names the chains and tokens of a route key (`<chain>:<token>-><chain>:<token>`): chain names
 * from the registry, `USDC` for the canonical USDC, the native symbol for the native token, a
 * shortened address otherwise. A key of another shape is returned as it is. Pure.
 */
export function describeRouteKey(route: string): RouteDescription {
  const match = ROUTE_KEY_RE.exec(route)
  if (!match) return { label: route, outSymbol: 'units' }
  const [, srcChain = '', srcToken = '', dstChain = '', dstToken = ''] = match
  const src = Number(srcChain)
  const dst = Number(dstChain)
  const outSymbol = tokenSymbol(dst, dstToken)
  const label =
    src === dst
      ? `${chainName(src)}: ${tokenSymbol(src, srcToken)} → ${outSymbol}`
      : `${chainName(src)} ${tokenSymbol(src, srcToken)} → ${chainName(dst)} ${outSymbol}`
  return { label, outSymbol }
}

function chainName(chainId: number): string {
  return CHAINS[chainId as ChainId]?.name ?? `chain ${chainId}`
}

function tokenSymbol(chainId: number, token: string): string {
  const normalized = token.startsWith('0x') ? token.toLowerCase() : token
  if (CANONICAL_USDC[chainId as ChainId] === normalized) return 'USDC'
  if (normalized === EVM_NATIVE_TOKEN || normalized === SOLANA_NATIVE_TOKEN) {
    return CHAINS[chainId as ChainId]?.nativeSymbol ?? 'native'
  }
  return token.length > 12 ? `${token.slice(0, 6)}…${token.slice(-4)}` : token
}
