import {
  ACCOUNT_SIZE,
  ASSOCIATED_TOKEN_PROGRAM_ID,
  getAssociatedTokenAddressSync,
  NATIVE_MINT,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import { StandInError, type StandInProgram } from '../StandInProgram.ts'
import {
  debitLamports,
  readMintDecimals,
  readTokenAccount,
  rentLamports,
  tokenAccountData,
} from '../standInAccounts.ts'

/**
 * The devnet's Associated Token Account program (docs/dln.md §4.12): litesvm aborts after running
 * its bundled ATA binary a few times, so `Create` (tag 0 or no data) and `CreateIdempotent` (tag 1)
 * run here, as SPL's processor does them: accounts payer (signer), associated account, owner,
 * mint, System, SPL Token; the account must be the owner's ATA of the mint; it is created with
 * rent from the payer and initialized (a native account for wSOL); an existing one fails Create
 * and passes CreateIdempotent when it is the owner's token account of that mint.
 */
export function ataStandIn(): StandInProgram {
  return {
    programId: ASSOCIATED_TOKEN_PROGRAM_ID.toBase58(),
    name: 'Associated Token Account',
    apply(ctx, ix) {
      const tag = ix.data.length === 0 ? 0 : ix.data[0]
      if (ix.data.length > 1 || (tag !== 0 && tag !== 1)) {
        throw new StandInError('invalid instruction data')
      }
      const [payer, account, owner, mint] = ix.accounts
      if (!payer || !account || !owner || !mint) throw new StandInError('NotEnoughAccountKeys')
      if (!payer.isSigner) throw new StandInError('missing required signature for instruction')
      const want = getAssociatedTokenAddressSync(
        new PublicKey(mint.pubkey),
        new PublicKey(owner.pubkey),
        true,
      ).toBase58()
      if (want !== account.pubkey) {
        throw new StandInError('Associated address does not match seed derivation')
      }
      if (readMintDecimals(ctx.get(mint.pubkey)) === undefined) {
        throw new StandInError('Error: InvalidAccountData (mint)')
      }
      const existing = ctx.get(account.pubkey)
      if (existing) {
        const t = readTokenAccount(existing)
        if (tag === 1 && t?.owner === owner.pubkey && t.mint === mint.pubkey) {
          ctx.log('Instruction: CreateIdempotent (exists)')
          return
        }
        throw new StandInError(
          tag === 1
            ? 'Error: IllegalOwner (the account exists and is not the owner’s token account)'
            : `Allocate: account Address { address: ${account.pubkey}, base: None } already in use`,
        )
      }
      const rent = rentLamports(ACCOUNT_SIZE)
      debitLamports(ctx, payer.pubkey, rent)
      ctx.set(account.pubkey, {
        lamports: rent,
        data: tokenAccountData(
          mint.pubkey,
          owner.pubkey,
          0n,
          mint.pubkey === NATIVE_MINT.toBase58(),
        ),
        owner: TOKEN_PROGRAM_ID,
        executable: false,
      })
      ctx.log(tag === 1 ? 'Instruction: CreateIdempotent' : 'Instruction: Create')
    },
  }
}
