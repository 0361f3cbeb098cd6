import {
  ACCOUNT_SIZE,
  AccountLayout,
  MINT_SIZE,
  MintLayout,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { PublicKey, SystemProgram } from '@solana/web3.js'
import { type StandInAccount, type StandInContext, StandInError } from './StandInProgram.ts'

/** Rent-exempt minimum of `size` bytes at Solana's default rent: (128 + size) × 6960 lamports. */
export function rentLamports(size: number): number {
  return (128 + size) * 6960
}

/** An SPL token account's fields a stand-in reads. */
export type TokenAccountFields = { mint: string; owner: string; amount: bigint; delegate: boolean }

/** Reads an SPL token account, or undefined when the account is none. */
export function readTokenAccount(
  account: StandInAccount | undefined,
): TokenAccountFields | undefined {
  if (!account?.owner.equals(TOKEN_PROGRAM_ID) || account.data.length !== ACCOUNT_SIZE) {
    return undefined
  }
  const t = AccountLayout.decode(account.data)
  return {
    mint: t.mint.toBase58(),
    owner: t.owner.toBase58(),
    amount: t.amount,
    delegate: t.delegateOption === 1,
  }
}

/** Decimals of an SPL mint, or undefined when the account is no mint. */
export function readMintDecimals(account: StandInAccount | undefined): number | undefined {
  if (!account?.owner.equals(TOKEN_PROGRAM_ID) || account.data.length !== MINT_SIZE) {
    return undefined
  }
  return MintLayout.decode(account.data).decimals
}

/** A fresh initialized token account's data, as SPL's InitializeAccount3 writes it. */
export function tokenAccountData(
  mint: string,
  owner: string,
  amount: bigint,
  native: boolean,
): Buffer {
  const data = Buffer.alloc(ACCOUNT_SIZE)
  AccountLayout.encode(
    {
      mint: new PublicKey(mint),
      owner: new PublicKey(owner),
      amount,
      delegateOption: 0,
      delegate: PublicKey.default,
      state: 1,
      isNativeOption: native ? 1 : 0,
      isNative: native ? BigInt(rentLamports(ACCOUNT_SIZE)) : 0n,
      delegatedAmount: 0n,
      closeAuthorityOption: 0,
      closeAuthority: PublicKey.default,
    },
    data,
  )
  return data
}

/**
 * Moves `amount` between two token accounts of one mint, as SPL Transfer does: the source's owner
 * is `authority`; a native (wSOL) account moves its lamports too. Errors carry SPL's wording.
 */
export function moveTokens(ctx: StandInContext, from: string, to: string, amount: bigint): void {
  const source = ctx.get(from)
  const target = ctx.get(to)
  const s = readTokenAccount(source)
  const t = readTokenAccount(target)
  if (!s || !t || !source || !target)
    throw new StandInError('Error: InvalidAccountData (token account)')
  if (s.mint !== t.mint) throw new StandInError('Error: Account not associated with this Mint')
  if (s.amount < amount) throw new StandInError('Error: insufficient funds')
  const native = (a: StandInAccount): boolean => AccountLayout.decode(a.data).isNativeOption === 1
  const write = (key: string, account: StandInAccount, delta: bigint): void => {
    const decoded = AccountLayout.decode(account.data)
    const data = Buffer.alloc(ACCOUNT_SIZE)
    AccountLayout.encode({ ...decoded, amount: decoded.amount + delta }, data)
    const lamports = native(account) ? account.lamports + Number(delta) : account.lamports
    ctx.set(key, { ...account, data, lamports })
  }
  write(from, source, -amount)
  write(to, ctx.get(to)!, amount)
}

/** Debits `lamports` from a system account (System Transfer's check and wording). */
export function debitLamports(ctx: StandInContext, key: string, lamports: number): void {
  const account = ctx.get(key)
  if (!account || account.lamports < lamports) {
    throw new StandInError(
      `Transfer: insufficient lamports ${account?.lamports ?? 0}, need ${lamports}`,
    )
  }
  if (!account.owner.equals(SystemProgram.programId)) {
    throw new StandInError('Transfer: `from` must not carry data')
  }
  ctx.set(key, { ...account, lamports: account.lamports - lamports })
}

/** Creates an account at `key` (Anchor `init`): it must not exist yet. */
export function createAccount(
  ctx: StandInContext,
  key: string,
  account: StandInAccount,
  field: string,
): void {
  if (ctx.get(key)) {
    throw new StandInError(
      `Allocate: account Address { address: ${key}, base: None } already in use (${field})`,
    )
  }
  ctx.set(key, account)
}
