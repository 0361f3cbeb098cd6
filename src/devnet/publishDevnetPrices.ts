import { type Address, type Hex, type PublicClient, parseAbi, type WalletClient } from 'viem'
import type { Market } from '../sim/market/market.ts'
import { DEVNET_FEED_DECIMALS, type InstalledContracts } from './installContracts.ts'

const feedAbi = parseAbi(['function setAnswer(int256)'])

/**
 * Publishes the market's USD price of each devnet feed's symbol (ETH, SOL, BTC) as a new round,
 * with 8 decimals, so ferry's trusted prices read on chain what the simulator quotes from. Sent
 * by `wallet`, whose account must be the feeds' owner (installContracts' `routerOwner`); waits
 * for every receipt. Call again whenever the market moves (Market.step): the devnet's market does
 * not walk (startDevnet gives it no walk step), so startDevnet publishes once.
 */
export async function publishDevnetPrices(
  wallet: WalletClient,
  client: PublicClient,
  contracts: Pick<InstalledContracts, 'priceFeeds'>,
  market: Pick<Market, 'priceUsd'>,
): Promise<void> {
  const hashes: Hex[] = []
  for (const [symbol, address] of Object.entries(contracts.priceFeeds)) {
    const answer = BigInt(Math.round(market.priceUsd(symbol) * 10 ** DEVNET_FEED_DECIMALS))
    hashes.push(
      await wallet.writeContract({
        account: wallet.account!,
        chain: null,
        address: address as Address,
        abi: feedAbi,
        functionName: 'setAnswer',
        args: [answer],
      }),
    )
  }
  for (const hash of hashes) {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`devnet price feed update ${hash} reverted`)
  }
}
