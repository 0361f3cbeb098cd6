import type { Address, PublicClient } from 'viem'

/** The transactions `from` sent in blocks `fromBlock`…latest of `client`'s chain, in order. */
export async function txsFromSince(client: PublicClient, from: Address, fromBlock: bigint) {
  const txs = []
  const to = await client.getBlockNumber()
  for (let n = fromBlock; n <= to; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    txs.push(...block.transactions.filter((t) => t.from.toLowerCase() === from.toLowerCase()))
  }
  return txs
}
