/**
 * The (chain, token) pairs the strategies' params mention, so the engine reads their balances
 * each tick: every object with a `chainId` and one of `token`, `tokenIn`, `tokenOut`, and the
 * `chainA`/`tokenA`, `chainB`/`tokenB` pairs of round trips. Natives are read separately. Pure.
 */
export function collectWatchedTokens(
  params: readonly unknown[],
): { chainId: number; token: string }[] {
  const found = new Map<string, { chainId: number; token: string }>()
  const add = (chainId: unknown, token: unknown): void => {
    if (typeof chainId !== 'number' || typeof token !== 'string') return
    if (/^0x0{40}$/i.test(token) || token === '11111111111111111111111111111111') return
    const key = `${chainId}:${token.startsWith('0x') ? token.toLowerCase() : token}`
    if (!found.has(key)) found.set(key, { chainId, token })
  }
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item)
      return
    }
    if (node === null || typeof node !== 'object') return
    const o = node as Record<string, unknown>
    for (const k of ['token', 'tokenIn', 'tokenOut']) add(o.chainId, o[k])
    add(o.chainA, o.tokenA)
    add(o.chainB, o.tokenB)
    for (const value of Object.values(o)) walk(value)
  }
  walk(params)
  return [...found.values()]
}
