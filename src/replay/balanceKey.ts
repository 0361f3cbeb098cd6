/** `chainId:token`, the token lower-cased on EVM chains (0x…), as the snapshot's prices key it. */
export function balanceKey(chainId: number, token: string): string {
  return `${chainId}:${token.startsWith('0x') ? token.toLowerCase() : token}`
}
