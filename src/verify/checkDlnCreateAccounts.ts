import type { Hex } from 'viem'
import type { NamedAccounts } from '../chains/solana/decodeDlnSolanaInstruction.ts'
import type { JupiterRoute } from '../chains/solana/decodeJupiterRoute.ts'
import { dlnSrcOrderAccounts } from '../chains/solana/dlnSrcOrderAccounts.ts'

/**
 * Holds a create instruction's named accounts to the ones dln_src derives for this order
 * (docs/dln.md §4.10): a wrong nonce account, escrow, fee ledger or maker wallet is refused, and
 * a Jupiter pre-swap must pay into the maker wallet the order takes from. `orderId` is the id the
 * instruction's own order hashes to (undefined for createOrder: the escrow pair is not checked).
 */
export function checkDlnCreateAccounts(
  p: {
    program: string
    accounts: NamedAccounts
    takeChainId: bigint
    orderId: Hex | undefined
    jupiter: readonly JupiterRoute[]
  },
  check: (field: string, ok: boolean, expected: unknown, actual: unknown, why?: string) => void,
): void {
  const want = dlnSrcOrderAccounts({
    program: p.program,
    maker: p.accounts.maker!,
    tokenMint: p.accounts.tokenMint!,
    takeChainId: p.takeChainId,
    orderId: p.orderId,
  })
  for (const [name, key] of Object.entries(want)) {
    const got = p.accounts[name]
    check(`dln.accounts.${name}`, got === key, key, got, 'is not the account dln_src derives')
  }
  p.jupiter.forEach((j, i) => {
    check(
      `jupiter[${i}].destinationTokenAccount`,
      j.destinationTokenAccount === want.makerWallet,
      want.makerWallet,
      j.destinationTokenAccount,
      'is not the maker wallet the order takes from',
    )
  })
}
