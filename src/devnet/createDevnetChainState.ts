import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import { type Address, erc20Abi, type PublicClient } from 'viem'
import { EVM_NATIVE_TOKEN, SOLANA_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import type { ChainId } from '../api/schemas/chainId.ts'
import type { ChainStateReader } from '../sim/chainState/chainStateReader.ts'
import { callSolanaDevnet } from './solana/callSolanaDevnet.ts'

/**
 * Reads balances and allowances from the devnet's real chains, for the simulator's
 * `enableEstimate` checks (docs/service.md §7 rule 2). Chains the devnet does not run read as zero.
 */
export function createDevnetChainState(
  evm: ReadonlyMap<number, PublicClient>,
  solanaRpcUrl: string | undefined,
): ChainStateReader {
  const client = (chainId: ChainId): PublicClient | undefined => evm.get(chainId)
  return {
    async getAllowance(chainId, token, owner, spender) {
      const c = client(chainId)
      if (!c || token.toLowerCase() === EVM_NATIVE_TOKEN) return 0n
      return c.readContract({
        address: token as Address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner as Address, spender as Address],
      })
    },
    async getBalance(chainId, token, owner) {
      if (chainId === 7565164) {
        if (!solanaRpcUrl) return 0n
        if (token === SOLANA_NATIVE_TOKEN) {
          const r = await callSolanaDevnet<{ value: number }>(solanaRpcUrl, 'getBalance', [owner])
          return BigInt(r.value)
        }
        const ata = getAssociatedTokenAddressSync(new PublicKey(token), new PublicKey(owner), true)
        const info = await callSolanaDevnet<{ value: unknown }>(solanaRpcUrl, 'getAccountInfo', [
          ata.toBase58(),
        ])
        if (!info.value) return 0n
        const r = await callSolanaDevnet<{ value: { amount: string } }>(
          solanaRpcUrl,
          'getTokenAccountBalance',
          [ata.toBase58()],
        )
        return BigInt(r.value.amount)
      }
      const c = client(chainId)
      if (!c) return 0n
      if (token.toLowerCase() === EVM_NATIVE_TOKEN)
        return c.getBalance({ address: owner as Address })
      return c.readContract({
        address: token as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner as Address],
      })
    },
    async getDecimals(chainId, token) {
      const c = client(chainId)
      if (!c) return 18
      return c.readContract({ address: token as Address, abi: erc20Abi, functionName: 'decimals' })
    },
  }
}
