import type {
  EngineChainId,
  MarketSnapshot,
  TokenBalance,
} from '../src/common/strategy/marketTypes.ts'

/**
 * The snapshot's balance of `token` on `chainId`. EVM hex addresses compare without case;
 * base58 (Solana) addresses are case-sensitive and compare exactly.
 */
export function findBalance(
  snapshot: MarketSnapshot,
  chainId: EngineChainId,
  token: string,
): TokenBalance | undefined {
  return snapshot.balances.find((b) => b.chainId === chainId && sameToken(b.token, token))
}

/** Whether two token addresses are the same: EVM hex without case, base58 exactly. */
export function sameToken(a: string, b: string): boolean {
  return a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b
}
