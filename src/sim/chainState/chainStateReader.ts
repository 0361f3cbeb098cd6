import type { ChainId } from '../../api/schemas/chainId.ts'

/**
 * Reads the chain state that create-tx depends on: the sender's balance and allowance for
 * `enableEstimate` (docs/service.md §4.4, §7 rule 2) and the intermediary spender's funding (docs/service.md §8).
 * Injected so tests script it and the devnet plugs in real chains. Amounts are base units;
 * `token` is the token address, or the chain's native sentinel for the native currency.
 */
export type ChainStateReader = {
  getAllowance(chainId: ChainId, token: string, owner: string, spender: string): Promise<bigint>
  getBalance(chainId: ChainId, token: string, owner: string): Promise<bigint>
  /** Decimals of a token. Optional; without it arbitrary intermediary tokens count as 18. */
  getDecimals?(chainId: ChainId, token: string): Promise<number>
}

/** Large enough for any amount: 2^256 - 1. */
const UNLIMITED = (1n << 256n) - 1n

/** The default reader: every wallet holds and has approved an unlimited amount of everything. */
export const unlimitedChainState: ChainStateReader = {
  getAllowance: async () => UNLIMITED,
  getBalance: async () => UNLIMITED,
}
