import { type Address, createWalletClient, http, parseAbi, parseEther } from 'viem'
import { type DevnetEvmAccount, devnetEvmAccount } from './devnetAccounts.ts'
import type { InstalledContracts } from './installContracts.ts'
import { deployTreasurySafe, installSafeContracts } from './installSafe.ts'

const tokenAbi = parseAbi(['function mint(address,uint256)'])

/** Whole tokens of each devnet token the treasury Safe starts with. */
export const TREASURY_SAFE_FUNDS = 1_000_000n

/**
 * Puts Safe 1.4.1 at its canonical addresses on one devnet chain and, with `treasury`, deploys
 * the demo treasury Safe: threshold 1, owned by the demo user's key, holding
 * {@link TREASURY_SAFE_FUNDS} of every devnet token and 10 ETH. The Safe has the same address
 * on every devnet chain (same factory, singleton, setup and salt). Returns its address.
 */
export async function installDevnetSafe(
  rpcUrl: string,
  contracts: InstalledContracts,
  treasury: boolean,
): Promise<Address | undefined> {
  await installSafeContracts(rpcUrl)
  if (!treasury) return undefined
  const safe = await deployTreasurySafe(rpcUrl, {
    owners: [devnetEvmAccount('user')],
    etherWei: parseEther('10'),
  })
  await fundTreasurySafe(rpcUrl, contracts, safe, devnetEvmAccount('deployer'))
  return safe
}

/**
 * Mints {@link TREASURY_SAFE_FUNDS} of every devnet token to a treasury Safe, as `minter` (an
 * account the devnet tokens let mint).
 */
export async function fundTreasurySafe(
  rpcUrl: string,
  contracts: InstalledContracts,
  safe: Address,
  minter: DevnetEvmAccount,
): Promise<void> {
  const wallet = createWalletClient({ account: minter.account, transport: http(rpcUrl) })
  for (const token of Object.values(contracts.tokens)) {
    await wallet.writeContract({
      chain: null,
      address: token.address,
      abi: tokenAbi,
      functionName: 'mint',
      args: [safe, TREASURY_SAFE_FUNDS * 10n ** BigInt(token.decimals)],
    })
  }
}
