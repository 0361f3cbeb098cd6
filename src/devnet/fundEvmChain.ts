import {
  type Address,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
} from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import type { createMarket } from '../sim/market/createMarket.ts'
import { devnetEvmAccount } from './devnetAccounts.ts'
import type { InstalledContracts } from './installContracts.ts'
import { publishDevnetPrices } from './publishDevnetPrices.ts'
import type { AnvilChain } from './startAnvil.ts'

const routerAbi = parseAbi(['function setRate(address,address,uint256,uint256)'])
const tokenAbi = parseAbi(['function mint(address,uint256)'])

/** Whole tokens the demo user and the solver start with, per token and chain. */
export const USER_FUNDS = 1_000_000n
export const SOLVER_FUNDS = 100_000_000n

/**
 * Funds one devnet EVM chain after its contracts are installed: the user's and the solver's
 * tokens, router rates at the market's spot prices (by the chain's internal id), the price
 * feeds, and the solver's approval of DlnDestination.
 */
export async function fundEvmChain(
  anvil: AnvilChain,
  chainId: ChainId,
  contracts: InstalledContracts,
  client: PublicClient,
  market: ReturnType<typeof createMarket>,
): Promise<void> {
  const deployer = devnetEvmAccount('deployer')
  const wallet = createWalletClient({ account: deployer.account, transport: http(anvil.rpcUrl) })
  // No chain object: anvil's id is the real chain's, and viem then skips its chain-id check.
  const chain = null
  const hashes: Hex[] = []
  const tokens = Object.values(contracts.tokens)
  for (const token of tokens) {
    for (const [who, whole] of [
      [devnetEvmAccount('user').address, USER_FUNDS],
      [devnetEvmAccount('solver').address, SOLVER_FUNDS],
    ] as const) {
      hashes.push(
        await wallet.writeContract({
          chain,
          address: token.address,
          abi: tokenAbi,
          functionName: 'mint',
          args: [who, whole * 10n ** BigInt(token.decimals)],
        }),
      )
    }
  }
  // Router rates at the market's spot prices, so on-chain swaps give at least what quotes expect.
  const marketTokens = market.tokensOf(chainId)
  const scale = 10n ** 18n
  for (const from of marketTokens) {
    for (const to of marketTokens) {
      if (from === to) continue
      const num = market.convert(from, scale, to)
      if (num === 0n) continue
      hashes.push(
        await wallet.writeContract({
          chain,
          address: contracts.swapRouter,
          abi: routerAbi,
          functionName: 'setRate',
          args: [from.address as Address, to.address as Address, num, scale],
        }),
      )
    }
  }
  for (const hash of hashes) {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`devnet funding transaction ${hash} reverted`)
  }
  // The feeds ferry's trusted prices read carry the prices the simulator quotes from: its market
  // has this seed and no walk, so this market's prices are its prices, now and later.
  await publishDevnetPrices(wallet, client, contracts, market)
  // The solver approves DlnDestination once, as takers do.
  const solverWallet = createWalletClient({
    account: devnetEvmAccount('solver').account,
    transport: http(anvil.rpcUrl),
  })
  for (const token of tokens) {
    const hash = await solverWallet.writeContract({
      chain,
      address: token.address,
      abi: erc20Abi,
      functionName: 'approve',
      args: [contracts.dlnDestination, 1n << 255n],
    })
    await client.waitForTransactionReceipt({ hash })
  }
}
