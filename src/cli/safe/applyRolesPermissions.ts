import type { Address, Hex } from 'viem'
import { UsageError } from '../../common/UsageError.ts'
import { devnetEvmAccount } from '../../devnet/devnetAccounts.ts'
import { execFromSafe } from '../../devnet/installDevnetRoles.ts'
import type { RolesChainPlan } from './planRolesPermissions.ts'

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

/**
 * `ferry safe permissions --apply`, devnet only: sends each chain's modifier calls as Safe
 * transactions signed by the devnet's deployer key (the owner `ferry devnet --roles` gives the
 * roles-mode Safe; a public test key). Refuses any RPC that is not on loopback, so real networks
 * are never touched. Returns the transaction hashes per chain. @throws UsageError (exit 2).
 */
export async function applyRolesPermissions(
  plans: readonly RolesChainPlan[],
  rpcUrlOf: (chainId: number) => string,
): Promise<{ chainId: number; txs: Hex[] }[]> {
  for (const p of plans) {
    const host = new URL(rpcUrlOf(p.chainId)).hostname
    if (!LOOPBACK.has(host)) {
      throw new UsageError(
        `chains.${p.chainId}.rpcUrls`,
        `--apply only sets permissions on the devnet (loopback RPCs); this RPC is on ${host}`,
        'apply on real networks with a Safe transaction its owners sign (print it with --json)',
      )
    }
  }
  const owner = devnetEvmAccount('deployer')
  const applied: { chainId: number; txs: Hex[] }[] = []
  for (const p of plans) {
    const txs: Hex[] = []
    for (const data of p.calls) {
      txs.push(
        await execFromSafe(rpcUrlOf(p.chainId), owner, p.safe, {
          to: p.modifier as Address,
          value: 0n,
          data,
        }),
      )
    }
    applied.push({ chainId: p.chainId, txs })
  }
  return applied
}
