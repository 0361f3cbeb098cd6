import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'

/**
 * The accounts dln_src's create instructions must name for an order (docs/dln.md §4.10), as
 * deBridge's SDK derives them: `state` PDA ["STATE"], `nonceMaster` ["NONCE", maker],
 * `giveOrderState` ["GIVE_ORDER_STATE", orderId], `giveOrderWallet` ["GIVE_ORDER_WALLET",
 * orderId], `feeLedgerWallet` ["FEE_LEDGER_WALLET", mint], `authorizedNativeSender`
 * ["AUTHORIZED_NATIVE_SENDER", takeChainId as 32 bytes big-endian], and `makerWallet` the maker's
 * associated token account of the mint. The giveOrder pair is left out without an orderId.
 */
export function dlnSrcOrderAccounts(p: {
  program: string
  maker: string
  tokenMint: string
  takeChainId: bigint
  orderId: Hex | undefined
}): Record<string, string> {
  const program = new PublicKey(p.program)
  const pda = (...seeds: Buffer[]): string =>
    PublicKey.findProgramAddressSync(seeds, program)[0].toBase58()
  const maker = new PublicKey(p.maker)
  const mint = new PublicKey(p.tokenMint)
  const chain = Buffer.from(p.takeChainId.toString(16).padStart(64, '0'), 'hex')
  const id = p.orderId ? Buffer.from(p.orderId.slice(2), 'hex') : undefined
  return {
    state: pda(Buffer.from('STATE')),
    nonceMaster: pda(Buffer.from('NONCE'), maker.toBuffer()),
    ...(id
      ? {
          giveOrderState: pda(Buffer.from('GIVE_ORDER_STATE'), id),
          giveOrderWallet: pda(Buffer.from('GIVE_ORDER_WALLET'), id),
        }
      : {}),
    feeLedgerWallet: pda(Buffer.from('FEE_LEDGER_WALLET'), mint.toBuffer()),
    authorizedNativeSender: pda(Buffer.from('AUTHORIZED_NATIVE_SENDER'), chain),
    makerWallet: getAssociatedTokenAddressSync(mint, maker, true).toBase58(),
    systemProgram: '11111111111111111111111111111111',
    splTokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    associatedSplTokenProgram: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  }
}
