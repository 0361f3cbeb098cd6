import type { WorldWiring } from '../../execute/worldWiring.ts'

/**
 * The (chain, wallet) pairs a run acts for, dry or live: each takes its sender lock, so two runs
 * of one wallet on one journal never go side by side; a sending run may sign for them.
 */
export function runWallets(wiring: WorldWiring): { chainId: number; address: string }[] {
  const evm = wiring.evmWallet
    ? wiring.evm.map((c) => ({ chainId: c.chainId as number, address: wiring.evmWallet!.address }))
    : []
  const solana =
    wiring.solana && wiring.solanaWallet
      ? [{ chainId: 7565164, address: wiring.solanaWallet.address }]
      : []
  return [...evm, ...solana]
}
