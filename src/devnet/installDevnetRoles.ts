import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
  stringToHex,
} from 'viem'
import { encodeSafeExec, type SafeInnerCall } from '../chains/evm/safe/encodeSafeExec.ts'
import { rolesAbi } from '../chains/evm/safe/rolesAbi.ts'
import { safeAbi } from '../chains/evm/safe/safeAbi.ts'
import { FerryError } from '../common/FerryError.ts'
import { type DevnetEvmAccount, devnetEvmAccount } from './devnetAccounts.ts'
import type { InstalledContracts } from './installContracts.ts'
import { fundTreasurySafe } from './installDevnetSafe.ts'
import {
  deployRolesModifier,
  installRolesLibraries,
  installSingletonFactory,
} from './installRoles.ts'
import { deployTreasurySafe } from './installSafe.ts'

/** The devnet's role key: "ferry" as a bytes32 (what zodiac-roles-sdk's encodeRoleKey gives). */
export const DEVNET_ROLE_KEY: Hex = stringToHex('ferry', { size: 32 })

/** The devnet's roles-mode treasury: its Safe, the Roles modifier and the role key. */
export type DevnetRolesTreasury = { safe: Address; modifier: Address; roleKey: Hex }

/**
 * Deploys the demo treasury of roles mode on one devnet chain (docs/safety.md "Treasury
 * accounts"): a Safe 1.4.1 (threshold 1) owned by the devnet's `deployer` key, standing for the
 * treasury's signers, and NOT by ferry's key; a Roles modifier v2 from the published artifacts
 * (owner, avatar and target: the Safe) enabled on it; the role {@link DEVNET_ROLE_KEY} assigned to
 * the demo user's key, ferry's. The role has no permissions yet: `ferry safe permissions --apply`
 * sets them. The Safe holds the treasury funds of every devnet token ({@link fundTreasurySafe})
 * and 10 ETH; every address is the same on every devnet chain. Safe 1.4.1 must be installed first.
 */
export async function installDevnetRoles(
  rpcUrl: string,
  contracts: InstalledContracts,
): Promise<DevnetRolesTreasury> {
  const owner = devnetEvmAccount('deployer')
  const member = devnetEvmAccount('user')
  await installSingletonFactory(rpcUrl)
  await installRolesLibraries(rpcUrl, owner)
  const safe = await deployTreasurySafe(rpcUrl, {
    owners: [owner],
    saltNonce: 1n,
    etherWei: parseEther('10'),
  })
  const modifier = await deployRolesModifier(rpcUrl, owner, {
    owner: safe,
    avatar: safe,
    target: safe,
  })
  await execFromSafe(rpcUrl, owner, safe, {
    to: safe,
    value: 0n,
    data: encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [modifier] }),
  })
  await execFromSafe(rpcUrl, owner, safe, {
    to: modifier,
    value: 0n,
    data: encodeFunctionData({
      abi: rolesAbi,
      functionName: 'assignRoles',
      args: [member.address, [DEVNET_ROLE_KEY], [true]],
    }),
  })
  await fundTreasurySafe(rpcUrl, contracts, safe, owner)
  return { safe, modifier, roleKey: DEVNET_ROLE_KEY }
}

/**
 * Has a threshold-1 Safe make `call`, sent by its owner with the owner's pre-validated signature
 * (how the devnet stands in for the treasury's signers). @throws FerryError when it reverts.
 */
export async function execFromSafe(
  rpcUrl: string,
  owner: DevnetEvmAccount,
  safe: Address,
  call: SafeInnerCall,
): Promise<Hex> {
  const wallet = createWalletClient({ account: owner.account, transport: http(rpcUrl) })
  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 100 })
  const hash = await wallet.sendTransaction({
    chain: null,
    to: safe,
    data: encodeSafeExec(call, owner.address),
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') {
    throw new FerryError('devnet: a Safe transaction of the treasury owner reverted', {
      metaMessages: [`tx: ${hash}`, `to: ${call.to}`],
    })
  }
  return hash
}
