import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { type Connection, PublicKey, type VersionedTransaction } from '@solana/web3.js'
import { SOLANA_NATIVE_TOKEN } from '../../api/requests/addressRules.ts'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { encodeBase58 } from '../base58.ts'
import {
  judgeSolanaValueFlow,
  type SolanaValueFlowExpectation,
} from '../verify/judgeSolanaValueFlow.ts'
import type { TrustedPriceSource } from '../verify/prices/tokenUsdPrice.ts'
import type { VerifiedSolanaOrder } from '../verify/verifySolanaOrderTx.ts'
import { SolanaValueFlowError } from './SolanaValueFlowError.ts'
import { simulateSolanaValueFlow } from './simulateSolanaValueFlow.ts'

/** Rent a first Solana order may take: order state, order wallet and nonce master, in lamports. */
export const DEFAULT_SOLANA_MAX_RENT_LAMPORTS = 2_115_840n + 2_039_280n + 1_002_240n
/** Fee of one signature, in lamports. */
const LAMPORTS_PER_SIGNATURE = 5_000n

/** Inputs of {@link checkSolanaValueFlow}. */
export type CheckSolanaValueFlowParams = {
  connection: Connection
  /** The exact transaction about to be signed (fresh blockhash, no signature yet). */
  tx: VersionedTransaction
  wallet: string
  verified: VerifiedSolanaOrder
  /** Input token of the intent: an SPL mint, or SOLANA_NATIVE_TOKEN. */
  tokenIn: string
  /** Default {@link DEFAULT_SOLANA_MAX_RENT_LAMPORTS}. */
  maxRentLamports?: bigint
  /** Trusted prices and the route's cost limit; without them only the deltas are judged. */
  conservation?: { prices: TrustedPriceSource; maxCostBps: number }
}

/**
 * Simulates the exact transaction before it is signed and refuses it unless ferry's accounts
 * change only as the verified order says (docs/safety.md P-8.9): see judgeSolanaValueFlow.
 * Throws a {@link SolanaValueFlowError} (an integrity refusal, P-8.11) naming every broken rule.
 */
export async function checkSolanaValueFlow(params: CheckSolanaValueFlowParams): Promise<void> {
  const { verified, wallet } = params
  const native = params.tokenIn === SOLANA_NATIVE_TOKEN
  const tokenAccount = native
    ? undefined
    : getAssociatedTokenAddressSync(
        new PublicKey(params.tokenIn),
        new PublicKey(wallet),
        true,
      ).toBase58()
  const giveToken = native
    ? SOLANA_NATIVE_TOKEN
    : encodeBase58(Buffer.from(verified.order.giveTokenAddress.slice(2), 'hex'))
  const [flow, prices] = await Promise.all([
    simulateSolanaValueFlow(params.connection, { tx: params.tx, wallet, tokenAccount }),
    params.conservation?.prices.snapshot([
      { chainId: SOLANA_CHAIN_ID, token: giveToken },
      { chainId: SOLANA_CHAIN_ID, token: SOLANA_NATIVE_TOKEN },
    ]),
  ])
  const signatures = BigInt(params.tx.message.header.numRequiredSignatures)
  const expected: SolanaValueFlowExpectation = {
    wallet,
    tokenAccount,
    amountIn: verified.amountIn,
    fixedFeeLamports: verified.feeLamports,
    txFeeLamports: verified.priorityFeeLamports + signatures * LAMPORTS_PER_SIGNATURE,
    maxRentLamports: params.maxRentLamports ?? DEFAULT_SOLANA_MAX_RENT_LAMPORTS,
    ...(params.conservation && prices
      ? {
          conservation: {
            prices,
            giveToken,
            orderGiveAmount: verified.order.giveAmount,
            maxCostBps: params.conservation.maxCostBps,
          },
        }
      : {}),
  }
  const violations = judgeSolanaValueFlow(flow.pre, flow.post, expected)
  if (violations.length > 0) throw new SolanaValueFlowError(violations)
}
