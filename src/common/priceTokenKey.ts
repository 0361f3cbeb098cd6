/**
 * The lookup key of a token in trusted prices: `chainId:address`, EVM hex lower-cased (EVM
 * addresses compare case-insensitively), Solana base58 as written (base58 is case-sensitive).
 */
export function priceTokenKey(chainId: number, token: string): string {
  return `${chainId}:${token.startsWith('0x') ? token.toLowerCase() : token}`
}
