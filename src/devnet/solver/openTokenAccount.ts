import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import type { Connection, PublicKey } from '@solana/web3.js'
import { callSolanaDevnet } from '../solana/callSolanaDevnet.ts'

/**
 * The owner's associated token account of `mint`, opened through the devnet when missing (the
 * devnet places the account itself; its ATA program is a stand-in, docs/dln.md §4.12).
 */
export async function openTokenAccount(
  solana: { connection: Connection; rpcUrl: string },
  mint: PublicKey,
  owner: PublicKey,
): Promise<PublicKey> {
  const address = getAssociatedTokenAddressSync(mint, owner, true)
  if (!(await solana.connection.getAccountInfo(address))) {
    await callSolanaDevnet(solana.rpcUrl, 'devnet_mintTo', [mint.toBase58(), owner.toBase58(), '0'])
  }
  return address
}
