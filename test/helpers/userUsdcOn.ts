import { type Address, erc20Abi } from 'viem'
import { devnetEvmAccount } from '../../src/devnet/devnetAccounts.ts'
import type { Devnet } from '../../src/devnet/startDevnet.ts'

const USDC: Record<number, Address> = {
  42161: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  8453: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  100000002: '0x2a22f9c3b484c3629090feed35f17ff8f88f76f0',
}

/** The devnet user's USDC balance on Arbitrum (42161), Base (8453) or Gnosis (100000002), base units. */
export function userUsdcOn(devnet: Devnet, chainId: 42161 | 8453 | 100000002): Promise<bigint> {
  return devnet.evm
    .find((c) => c.chainId === chainId)!
    .client.readContract({
      address: USDC[chainId]!,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [devnetEvmAccount('user').address],
    })
}
