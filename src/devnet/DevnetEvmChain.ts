import type { Address, PublicClient } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import type { InstalledContracts } from './installContracts.ts'
import type { DevnetRolesTreasury } from './installDevnetRoles.ts'
import type { AnvilChain } from './startAnvil.ts'

/**
 * One running EVM chain of the devnet: its anvil, a client on its RPC and the contracts installed
 * at their canonical addresses. Its own file so the solver and the starter both import it
 * without importing each other.
 */
export type DevnetEvmChain = {
  chainId: ChainId
  rpcUrl: string
  anvil: AnvilChain
  client: PublicClient
  contracts: InstalledContracts
  /** The demo treasury Safe, when the devnet was started with `safe: true`. */
  treasurySafe?: Address | undefined
  /** The roles-mode treasury, when the devnet was started with `roles: true`. */
  treasuryRoles?: DevnetRolesTreasury | undefined
}
