import type { Connection, PublicKey, VersionedTransaction } from '@solana/web3.js'
import { SOLANA_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import { judgeSimulatedSolana } from './judgeSimulatedSolana.ts'
import type { SolanaValueFlowVerdict } from './judgeSolanaValueFlow.ts'
import type { OrderIntent } from './orderIntent.ts'
import type { TrustedPriceSource } from './prices/tokenUsdPrice.ts'
import type { SolanaAccountChange, SolanaValueFlowExpectation } from './solanaValueFlow.ts'
import { solanaValueFlowAccounts } from './solanaValueFlowAccounts.ts'
import type { VerifiedSolanaOrder } from './verifySolanaOrderTx.ts'

/** Solana's base fee per signature, in lamports. */
export const DEFAULT_LAMPORTS_PER_SIGNATURE = 5_000n
/** Rent-exempt minimum of a 165-byte SPL token account at Solana's rent rate, in lamports. */
export const DEFAULT_TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280n

/** Inputs of {@link simulateSolanaValueFlow}. */
export type SimulateSolanaValueFlowParams = {
  connection: Connection
  /** The exact transaction about to be signed: verified, with its final blockhash, unsigned. */
  tx: VersionedTransaction
  lookupTables: ReadonlyMap<string, PublicKey[]>
  intent: OrderIntent
  verified: VerifiedSolanaOrder
  prices: TrustedPriceSource
  /** The route's all-in cost cap, in bps (P-8.6). */
  maxCostBps: number
  /** Base fee per signature. Default 5 000 lamports. */
  lamportsPerSignature?: bigint
  /** Rent of each token account the transaction creates. Default 2 039 280 lamports. */
  tokenAccountRentLamports?: bigint
}

/**
 * Simulates the exact transaction before it is signed (docs/safety.md P-8.9): reads our wallet,
 * our give-mint token account and every account the transaction may write in one
 * getMultipleAccounts call, simulates with `sigVerify: false` and those addresses as `accounts`
 * (post-state, base64) at a slot no older than that read, and holds the deltas to the intended
 * give plus the fixed fee, the bounded transaction fee and the documented rent
 * (judgeSolanaValueFlow), then the value-conservation rule at trusted prices. Two RPC calls;
 * two more, once, when a refusal comes from a simulation at a later slot than the read.
 * @throws SolanaValueFlowError when the deltas are not the intended flow; nothing is signed.
 * @throws SolanaSendError `simulationFailed` when the simulation errs or returns no accounts.
 */
export async function simulateSolanaValueFlow(
  p: SimulateSolanaValueFlowParams,
): Promise<SolanaValueFlowVerdict & { changes: SolanaAccountChange[] }> {
  const { connection, tx, intent, verified } = p
  const keys = solanaValueFlowAccounts(tx, p.lookupTables, intent)
  const prices = await p.prices.snapshot([
    { chainId: SOLANA_CHAIN_ID, token: intent.tokenIn },
    { chainId: SOLANA_CHAIN_ID, token: SOLANA_NATIVE_TOKEN },
    ...(verified.orderGiveToken
      ? [{ chainId: SOLANA_CHAIN_ID, token: verified.orderGiveToken }]
      : []),
  ])
  const signatures = BigInt(tx.message.header.numRequiredSignatures)
  const expectation: SolanaValueFlowExpectation = {
    wallet: intent.sender,
    giveToken: intent.tokenIn,
    giveAmount: verified.amountIn,
    fixedFeeLamports: verified.feeLamports,
    maxTxFeeLamports:
      signatures * (p.lamportsPerSignature ?? DEFAULT_LAMPORTS_PER_SIGNATURE) +
      verified.priorityFeeLamports,
    maxRentLamports:
      BigInt(verified.tokenAccountCreates) *
        (p.tokenAccountRentLamports ?? DEFAULT_TOKEN_ACCOUNT_RENT_LAMPORTS) +
      (verified.extraRentLamports ?? 0n),
    orderGiveAmount: verified.order.giveAmount,
    ...(verified.orderGiveToken ? { orderGiveToken: verified.orderGiveToken } : {}),
    prices,
    maxCostBps: p.maxCostBps,
  }
  return judgeSimulatedSolana(connection, tx, keys, expectation)
}
