import { devnetSolanaKeypair } from '../devnetAccounts.ts'
import { callSolanaDevnet } from './callSolanaDevnet.ts'
import type { SolanaDevnetProcess } from './startSolanaDevnet.ts'

/** USDT's mint on Solana, a token of the devnet market (docs/dln.md §4.12). */
export const SOLANA_USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'

/** The Solana devnet's funded state: its RPC, process and USDC mint. */
export type FundedSolanaDevnet = {
  rpcUrl: string
  process: SolanaDevnetProcess
  usdcMint: string
}

/**
 * Creates the USDC mint, funds the demo user and the solver (SOL and `funds` whole USDC each,
 * and 500 USDT to the user),
 * on the in-process Solana devnet. Orders go to the stand-in dln_src (docs/dln.md §4.12).
 */
export async function fundSolanaDevnet(
  process: SolanaDevnetProcess,
  usdcMint: string,
  funds: { user: bigint; solver: bigint },
): Promise<FundedSolanaDevnet> {
  const rpc = process.rpcUrl
  const authority = devnetSolanaKeypair('treasury').publicKey.toBase58()
  await callSolanaDevnet(rpc, 'devnet_createMint', [usdcMint, 6, authority])
  for (const role of ['user', 'solver'] as const) {
    const key = devnetSolanaKeypair(role).publicKey.toBase58()
    await callSolanaDevnet(rpc, 'devnet_airdrop', [key, String(1_000n * 10n ** 9n)])
    await callSolanaDevnet(rpc, 'devnet_mintTo', [usdcMint, key, String(funds[role] * 10n ** 6n)])
  }
  // 500 USDT for the demo's sweep that pre-swaps through Jupiter (the mint is the stand-ins').
  const user = devnetSolanaKeypair('user').publicKey.toBase58()
  await callSolanaDevnet(rpc, 'devnet_mintTo', [SOLANA_USDT_MINT, user, String(500n * 10n ** 6n)])
  return { rpcUrl: rpc, process, usdcMint: usdcMint }
}
