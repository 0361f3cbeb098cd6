/** A sending wallet: one address on one chain (service chain ids; EVM addresses lower-cased). */
export type WalletRef = { chainId: number; address: string }

/**
 * Wallets whose leases move together, and the strategies that give from them: a strategy runs
 * only where every wallet it may give from is held, so strategies sharing a wallet share a group.
 */
export type WalletGroup = {
  /** Stable name: the sorted wallet keys, `chainId:address`, joined by `+`. */
  key: string
  wallets: WalletRef[]
  /** Strategy instance ids, in config order. */
  strategies: string[]
}

/** The chain id of a strategy with no wallet's own lease row (docs/architecture.md §5). */
export const STRATEGY_ONLY_CHAIN_ID = 0

/**
 * Splits strategies into groups joined by the wallets they give from (connected components):
 * the unit a cluster shares out and fails over. A strategy that gives nothing (paper mode) still
 * runs once per slot somewhere, so it stands alone under a pseudo-wallet `0:strategy:<id>`
 * whose lease says who runs it. Pure; groups sorted by key.
 */
export function groupWallets(
  strategies: readonly { id: string; wallets: readonly WalletRef[] }[],
): WalletGroup[] {
  const parent = new Map<string, string>()
  const find = (k: string): string => {
    let root = k
    while (parent.get(root) !== root) root = parent.get(root)!
    parent.set(k, root)
    return root
  }
  const walletsOf = new Map<string, WalletRef[]>()
  for (const s of strategies) {
    const wallets: WalletRef[] =
      s.wallets.length > 0
        ? [...s.wallets]
        : [{ chainId: STRATEGY_ONLY_CHAIN_ID, address: `strategy:${s.id}` }]
    const keys = wallets.map(walletKeyOf)
    for (const k of keys) if (!parent.has(k)) parent.set(k, k)
    for (const k of keys.slice(1)) parent.set(find(k), find(keys[0]!))
    walletsOf.set(s.id, wallets)
  }
  type Gathered = { wallets: Map<string, WalletRef>; strategies: string[] }
  const groups = new Map<string, Gathered>()
  for (const s of strategies) {
    const wallets = walletsOf.get(s.id)!
    const root = find(walletKeyOf(wallets[0]!))
    const group: Gathered = groups.get(root) ?? { wallets: new Map(), strategies: [] }
    for (const w of wallets) group.wallets.set(walletKeyOf(w), w)
    group.strategies.push(s.id)
    groups.set(root, group)
  }
  return [...groups.values()]
    .map((g) => {
      const keys = [...g.wallets.keys()].sort()
      return {
        key: keys.join('+'),
        wallets: keys.map((k) => g.wallets.get(k)!),
        strategies: g.strategies,
      }
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

/** `chainId:address`, the key a wallet is grouped and reported by. */
export function walletKeyOf(wallet: WalletRef): string {
  return `${wallet.chainId}:${wallet.address}`
}
