import { createWalletClient, type HDAccount, http } from 'viem'
import type { DevnetEvmChain } from '../DevnetEvmChain.ts'

function walletClient(account: HDAccount, rpcUrl: string) {
  return createWalletClient({ account, transport: http(rpcUrl) })
}

/** The solver's writer on one EVM chain: its submissions go out one at a time. */
export type SolverWallet = Pick<ReturnType<typeof walletClient>, 'writeContract'>

/**
 * One wallet of `account` per chain, keyed by spec chain id. One solver account per chain sends
 * fills, unlocks and relays that overlap in time; viem takes each nonce from the pending count, so
 * concurrent sends would reuse one. Submissions are serialized per chain (anvil mines each at
 * once, so the next one sees the new count).
 */
export function createSolverWallets(
  chains: readonly DevnetEvmChain[],
  account: HDAccount,
): Map<number, SolverWallet> {
  return new Map(
    chains.map((c) => {
      const client = walletClient(account, c.rpcUrl)
      let tail: Promise<unknown> = Promise.resolve()
      const writeContract: typeof client.writeContract = (args) => {
        const sent = tail.then(() => client.writeContract(args))
        tail = sent.catch(() => undefined)
        return sent
      }
      return [c.chainId as number, { writeContract }] as const
    }),
  )
}
