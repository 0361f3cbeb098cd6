import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  getAssociatedTokenAddressSync,
  NATIVE_MINT,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { AddressLookupTableAccount, PublicKey, SystemProgram } from '@solana/web3.js'
import { SOLANA_NATIVE_TOKEN } from '../../api/requests/addressRules.ts'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import { dlnSrcOrderAccounts } from '../../chains/solana/dlnSrcOrderAccounts.ts'
import {
  JUPITER_V6_PROGRAM,
  SOLANA_SWAP_POOL_AUTHORITY,
  solanaSwapPoolAccount,
} from './solanaSwapPool.ts'

const ADDRESS_LOOKUP_TABLE_PROGRAM = new PublicKey('AddressLookupTab1e1111111111111111111111111')

/**
 * The fixed address of the simulator's address lookup table on Solana (a PDA of the lookup-table
 * program, seed `ferry devnet dln`); the devnet holds it (docs/dln.md §4.12).
 */
export const SOLANA_ORDER_LOOKUP_TABLE: PublicKey = PublicKey.findProgramAddressSync(
  [Buffer.from('ferry devnet dln')],
  ADDRESS_LOOKUP_TABLE_PROGRAM,
)[0]

/** Jupiter's Anchor event authority, an account of every route (PDA `__event_authority`). */
export const JUPITER_EVENT_AUTHORITY: PublicKey = PublicKey.findProgramAddressSync(
  [Buffer.from('__event_authority')],
  new PublicKey(JUPITER_V6_PROGRAM),
)[0]

/** The mint of a market token on Solana: wSOL for native SOL. */
export function solanaMintOf(address: string): string {
  return address === SOLANA_NATIVE_TOKEN ? NATIVE_MINT.toBase58() : address
}

/**
 * The static accounts a DLN create-tx of the simulator uses, as one lookup table: programs, the
 * mints of `tokens`, dln_src's state, fee ledger wallets and authorized native senders (one per
 * take chain), the swap pool's authority and accounts, Jupiter's event authority. Deterministic:
 * the devnet installs the same table.
 */
export function solanaOrderLookupTable(
  dlnSource: string,
  tokens: readonly string[],
): AddressLookupTableAccount {
  const mints = [...new Set(tokens.map(solanaMintOf))]
  const any = dlnSrcOrderAccounts({
    program: dlnSource,
    maker: SystemProgram.programId.toBase58(),
    tokenMint: NATIVE_MINT.toBase58(),
    takeChainId: 1n,
    orderId: undefined,
  })
  const perMint = mints.flatMap((mint) => [
    mint,
    dlnSrcOrderAccounts({
      program: dlnSource,
      maker: any.state!,
      tokenMint: mint,
      takeChainId: 1n,
      orderId: undefined,
    }).feeLedgerWallet!,
    solanaSwapPoolAccount(mint).toBase58(),
  ])
  const senders = Object.keys(CHAINS)
    .map(Number)
    .filter((id) => id !== SOLANA_CHAIN_ID)
    .map(
      (id) =>
        dlnSrcOrderAccounts({
          program: dlnSource,
          maker: any.state!,
          tokenMint: NATIVE_MINT.toBase58(),
          takeChainId: BigInt(id),
          orderId: undefined,
        }).authorizedNativeSender!,
    )
  const addresses = [
    SystemProgram.programId.toBase58(),
    TOKEN_PROGRAM_ID.toBase58(),
    ASSOCIATED_TOKEN_PROGRAM_ID.toBase58(),
    any.state!,
    JUPITER_V6_PROGRAM,
    JUPITER_EVENT_AUTHORITY.toBase58(),
    SOLANA_SWAP_POOL_AUTHORITY.toBase58(),
    ...perMint,
    ...senders,
  ].map((a) => new PublicKey(a))
  return new AddressLookupTableAccount({
    key: SOLANA_ORDER_LOOKUP_TABLE,
    state: {
      addresses,
      deactivationSlot: 2n ** 64n - 1n,
      lastExtendedSlot: 0,
      lastExtendedSlotStartIndex: 0,
    },
  })
}

/** `owner`'s associated token account of `mint` (off-curve owners allowed). */
export function ataOf(mint: string, owner: string): PublicKey {
  return getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true)
}
