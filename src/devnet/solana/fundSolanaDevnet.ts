import { devnetSolanaKeypair } from '../devnetAccounts.ts'
import { callSolanaDevnet } from './callSolanaDevnet.ts'
import type { SolanaDevnetProcess } from './startSolanaDevnet.ts'

/** The Solana devnet's funded state: its RPC, process, USDC mint and the escrow key. */
export type FundedSolanaDevnet = {
  rpcUrl: string
  process: SolanaDevnetProcess
  usdcMint: string
  escrow: string
}

/**
 * Creates the USDC mint, funds the demo user and the solver (SOL and `funds` whole USDC each),
 * and opens the escrow's token account, on the in-process Solana devnet.
 */
export async function fundSolanaDevnet(
  process: SolanaDevnetProcess,
  usdcMint: string,
  funds: { user: bigint; solver: bigint },
): Promise<FundedSolanaDevnet> {
  const rpc = process.rpcUrl
  const authority = devnetSolanaKeypair('treasury').publicKey.toBase58()
  await callSolanaDevnet(rpc, 'devnet_createMint', [usdcMint, 6, authority])
  // The real DLN program keeps orders in program accounts; the devnet has no such program, so a
  // keypair the solver holds plays the escrow (see buildSolanaOrderTx).
  const escrow = devnetSolanaKeypair('escrow').publicKey.toBase58()
  for (const role of ['user', 'solver'] as const) {
    const key = devnetSolanaKeypair(role).publicKey.toBase58()
    await callSolanaDevnet(rpc, 'devnet_airdrop', [key, String(1_000n * 10n ** 9n)])
    await callSolanaDevnet(rpc, 'devnet_mintTo', [usdcMint, key, String(funds[role] * 10n ** 6n)])
  }
  // The escrow's token account exists up front: the order transaction only transfers into it.
  await callSolanaDevnet(rpc, 'devnet_mintTo', [usdcMint, escrow, '0'])
  await callSolanaDevnet(rpc, 'devnet_airdrop', [escrow, String(10n ** 9n)])
  return { rpcUrl: rpc, process, usdcMint: usdcMint, escrow }
}
