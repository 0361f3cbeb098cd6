import type { PriceSnapshot } from './prices/tokenUsdPrice.ts'

/** One account as an RPC node returns it; null when it does not exist (or holds no lamports). */
export type SolanaAccountState = { lamports: bigint; owner: string; data: Uint8Array } | null

/** An account read just before the simulation and as the simulation left it. */
export type SolanaAccountChange = {
  address: string
  before: SolanaAccountState
  after: SolanaAccountState
}

/**
 * The rules of the Solana value-flow judge (docs/safety.md P-8.9, P-8.6):
 * - `walletLamports`: our wallet's lamports did not fall by the native give plus the fixed fee,
 *   plus at most the transaction fee and the documented rent;
 * - `wsolRentNotReturned`: our empty wSOL account was closed, but what it held did not all come
 *   back to our wallet (the wallet's bounds are net of it);
 * - `walletAltered`: our wallet was closed, assigned to a program or given data;
 * - `giveTokens`: our give-mint token account did not lose exactly the give amount;
 * - `tokenAccountAltered`: one of our token accounts changed owner, delegate, close authority,
 *   state or lamports, or a new one is not a fresh empty account;
 * - `accountClosed`: one of our token accounts is gone;
 * - `otherTokenMoved`: the amount of another of our token accounts changed;
 * - `valueConserved`: the order gives less than what left us × (1 - maxCostBps / 10 000);
 * - `unpriced`: a token that moved has no trusted price.
 */
export type SolanaValueFlowRule =
  | 'walletLamports'
  | 'wsolRentNotReturned'
  | 'walletAltered'
  | 'giveTokens'
  | 'tokenAccountAltered'
  | 'accountClosed'
  | 'otherTokenMoved'
  | 'valueConserved'
  | 'unpriced'

/** One broken rule and what broke it, in one line. */
export type SolanaValueFlowViolation = { rule: SolanaValueFlowRule; message: string }

/** What the verified order transaction may do to our accounts, and nothing else. */
export type SolanaValueFlowExpectation = {
  /** Our wallet (fee payer and only signer). */
  wallet: string
  /** The give token: its mint, or the native sentinel for SOL. */
  giveToken: string
  /** Base units the give transfer takes from us (lamports for SOL). */
  giveAmount: bigint
  /** The order's fixed fee, in lamports. */
  fixedFeeLamports: bigint
  /**
   * How much of `fixedFeeLamports` may not be charged, in lamports: a deBridge discount the
   * message names (a cancel's), so less may leave. Default 0.
   */
  fixedFeeWaivableLamports?: bigint
  /** Most lamports of transaction fee: signatures × base fee + the priority fee cap. */
  maxTxFeeLamports: bigint
  /** Most lamports of rent for the token accounts the transaction may create. */
  maxRentLamports: bigint
  /** The order's giveAmount (after the protocol and affiliate fees), in give-token base units. */
  orderGiveAmount: bigint
  /** The order's give token when a pre-swap makes it differ from `giveToken`. */
  orderGiveToken?: string
  /** Trusted prices of the give token and SOL (native sentinel) on Solana. */
  prices: PriceSnapshot
  /** The route's all-in cost cap, in bps (P-8.6). */
  maxCostBps: number
  /**
   * `cancel`: an order's cancel, which gives nothing (only its fee leaves, P-7.4), so the
   * value-conservation rule does not apply. Default `order`.
   */
  kind?: 'order' | 'cancel'
}
