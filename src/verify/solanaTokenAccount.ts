import { ACCOUNT_SIZE, AccountLayout, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import type { SolanaAccountState } from './solanaValueFlow.ts'

const TOKEN = TOKEN_PROGRAM_ID.toBase58()

/** The fields of an SPL token account the value-flow judge compares, keys as base58. */
export type SolanaTokenAccount = {
  mint: string
  owner: string
  amount: bigint
  /** Everything else that gives someone a hold on the account: delegate, state, authorities. */
  holds: Record<string, string>
}

/** Reads an SPL Token account; undefined for any other account (or none). Pure. */
export function solanaTokenAccount(state: SolanaAccountState): SolanaTokenAccount | undefined {
  if (!state || state.owner !== TOKEN || state.data.length !== ACCOUNT_SIZE) return undefined
  const a = AccountLayout.decode(Buffer.from(state.data))
  return {
    mint: a.mint.toBase58(),
    owner: a.owner.toBase58(),
    amount: a.amount,
    holds: {
      delegate: a.delegateOption ? a.delegate.toBase58() : 'none',
      delegatedAmount: a.delegatedAmount.toString(),
      state: String(a.state),
      isNative: a.isNativeOption ? a.isNative.toString() : 'no',
      closeAuthority: a.closeAuthorityOption ? a.closeAuthority.toBase58() : 'none',
    },
  }
}
