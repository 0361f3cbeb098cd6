import type {
  EngineChainId,
  MarketSnapshot,
  TokenBalance,
} from '../src/shared/strategy/marketTypes.ts'

/**
 * The snapshot's balance of `token` on `chainId`. EVM hex addresses compare without case;
 * base58 (Solana) addresses are case-sensitive and compare exactly.
 */
export function findBalance(
  snapshot: MarketSnapshot,
  chainId: EngineChainId,
  token: string,
): TokenBalance | undefined {
  const hex = token.startsWith('0x')
  return snapshot.balances.find(
    (b) =>
      b.chainId === chainId &&
      (hex ? b.token.toLowerCase() === token.toLowerCase() : b.token === token),
  )
}
