import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'

import { JUPITER_V6_PROGRAM } from '../../chains/solana/solanaProgramNames.ts'

export { JUPITER_V6_PROGRAM }

/**
 * Owner of the simulator's swap liquidity on Solana: a PDA of Jupiter's program (seed
 * `devnet_pool`), whose token accounts a route names as its remaining accounts, as a real route
 * names the AMM accounts it trades through (docs/dln.md §4.12).
 */
export const SOLANA_SWAP_POOL_AUTHORITY: PublicKey = PublicKey.findProgramAddressSync(
  [Buffer.from('devnet_pool')],
  new PublicKey(JUPITER_V6_PROGRAM),
)[0]

/** The pool's token account of `mint` (its associated token account). */
export function solanaSwapPoolAccount(mint: string): PublicKey {
  return getAssociatedTokenAddressSync(new PublicKey(mint), SOLANA_SWAP_POOL_AUTHORITY, true)
}
