/**
 * Shared fixtures of the judgeSolanaValueFlow tests: our wallet, a thief and an escrow, USDC and
 * USDT accounts, trusted prices (SOL $150, USDC $1), an SPL order's expectation and its honest
 * account changes.
 */
import {
  ACCOUNT_SIZE,
  AccountLayout,
  getAssociatedTokenAddressSync,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { Keypair, PublicKey } from '@solana/web3.js'
import { judgeSolanaValueFlow } from '../../../src/verify/judgeSolanaValueFlow.ts'
import { fixedPriceSource } from '../../../src/verify/prices/fixedPriceSource.ts'
import type {
  SolanaAccountChange,
  SolanaAccountState,
  SolanaValueFlowExpectation,
} from '../../../src/verify/solanaValueFlow.ts'

export const SOL = '11111111111111111111111111111111'
export const TOKEN = TOKEN_PROGRAM_ID.toBase58()
export const me = Keypair.fromSeed(new Uint8Array(32).fill(3)).publicKey
export const thief = Keypair.fromSeed(new Uint8Array(32).fill(4)).publicKey
export const escrow = Keypair.fromSeed(new Uint8Array(32).fill(5)).publicKey
export const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
export const USDT = new PublicKey('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB')
export const myUsdc = getAssociatedTokenAddressSync(USDC, me).toBase58()
export const myUsdt = getAssociatedTokenAddressSync(USDT, me).toBase58()
export const escrowUsdc = getAssociatedTokenAddressSync(USDC, escrow, true).toBase58()
export const RENT = 2_039_280n

export const prices = await fixedPriceSource([
  {
    chainId: 7565164,
    token: SOL,
    price: { usdE18: 150n * 10n ** 18n, decimals: 9, source: 'peg' },
  },
  {
    chainId: 7565164,
    token: USDC.toBase58(),
    price: { usdE18: 10n ** 18n, decimals: 6, source: 'peg' },
  },
]).snapshot([])

export const spl: SolanaValueFlowExpectation = {
  wallet: me.toBase58(),
  giveToken: USDC.toBase58(),
  giveAmount: 250_000_000n,
  fixedFeeLamports: 15_000_000n,
  maxTxFeeLamports: 25_000n,
  maxRentLamports: 0n,
  orderGiveAmount: 249_900_000n,
  prices,
  maxCostBps: 200,
}

export const wallet = (lamports: bigint, owner = SOL, data = 0): SolanaAccountState => ({
  lamports,
  owner,
  data: new Uint8Array(data),
})

export function tokenAccount(
  mint: PublicKey,
  owner: PublicKey,
  amount: bigint,
  extra: { delegate?: PublicKey; closeAuthority?: PublicKey; lamports?: bigint } = {},
): SolanaAccountState {
  const data = Buffer.alloc(ACCOUNT_SIZE)
  AccountLayout.encode(
    {
      mint,
      owner,
      amount,
      delegateOption: extra.delegate ? 1 : 0,
      delegate: extra.delegate ?? PublicKey.default,
      state: 1,
      isNativeOption: 0,
      isNative: 0n,
      delegatedAmount: extra.delegate ? amount : 0n,
      closeAuthorityOption: extra.closeAuthority ? 1 : 0,
      closeAuthority: extra.closeAuthority ?? PublicKey.default,
    },
    data,
  )
  return { lamports: extra.lamports ?? RENT, owner: TOKEN, data }
}

/** The honest order: give and fee leave, 5 000 lamports of fee and 20 000 of priority fee. */
export function honest(): SolanaAccountChange[] {
  return [
    { address: me.toBase58(), before: wallet(1_000_000_000n), after: wallet(984_975_000n) },
    {
      address: myUsdc,
      before: tokenAccount(USDC, me, 300_000_000n),
      after: tokenAccount(USDC, me, 50_000_000n),
    },
    {
      address: escrowUsdc,
      before: tokenAccount(USDC, escrow, 0n),
      after: tokenAccount(USDC, escrow, 250_000_000n),
    },
  ]
}

export const rules = (changes: SolanaAccountChange[], e = spl): string[] =>
  judgeSolanaValueFlow(e, changes).violations.map((v) => v.rule)
