import type { Hex } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { SOLANA_PROGRAMS } from '../../chains/chainRegistry.ts'

/** The economics of the simulated service. Defaults: {@link DEFAULT_QUOTE_CONFIG}. */
export type QuoteConfig = {
  /** DlnProtocolFee on the creation give amount, in bps (docs/dln.md §1.5: 4; 8 in 2026 bundles). */
  protocolFeeBps: number
  /** Per source chain override of `protocolFeeBps`. */
  protocolFeeBpsByChain: Partial<Record<ChainId, number>>
  /** Default taker margin on what is left after the protocol fee, in bps (docs/dln.md §1.2). */
  takerMarginBps: number
  /** Solver operating expenses per destination chain, in USD (docs/dln.md §1.5). */
  opexUsd: Partial<Record<ChainId, number>>
  /** Operating expenses of destinations missing from `opexUsd`, in USD. */
  defaultOpexUsd: number
  /**
   * Flat fee per source chain in native base units. Missing chains use the fee table of
   * docs/dln.md §1.5 (`CHAINS[chainId].fixedFeeFallback`), then 0.
   */
  fixFee: Partial<Record<ChainId, bigint>>
  /** Slippage allowance added to the pair's volatility for pre- and after-swaps, in bps. */
  baseSlippageBps: number
  /** The swap router the forwarder calls for a pre-swap (calldata: simSwapRouterAbi). */
  swapRouterAddress: Hex
  /** dln_src, the program a Solana-source create-tx calls (docs/dln.md §4.10). */
  solanaProgramId: string
  /** Program a Solana single-chain swap transaction calls (default: Jupiter v6). */
  solanaSwapProgramId: string
  /** Seconds until fulfillment per source chain (docs/dln.md §3.1 observes 2, 3 and 12). */
  fulfillmentDelaySec: Partial<Record<ChainId, number>>
  defaultFulfillmentDelaySec: number
  /** deBridge points per USD of protocol fee plus flat fee (docs/dln.md §1.3, §7). */
  pointsPerUsd: number
  /** Share of the user's points the referrer gets when a referralCode is given (§7: 25 %). */
  integratorPointsShare: number
  /** The salt of a new order, from the quote time (default: the time itself, as the real API). */
  saltOf: (nowMs: number) => number
  /** Gas price per EVM chain in wei, for estimatedTransactionFee. */
  gasPriceWei: Partial<Record<ChainId, bigint>>
  defaultGasPriceWei: bigint
  /** Modelled gas of createSaltedOrder sent to DlnSource directly. */
  createOrderGas: number
  /** Modelled gas of strictlySwapAndCall (pre-swap plus createSaltedOrder). */
  swapAndCreateOrderGas: number
  /** Modelled gas of a single-chain swap. */
  swapGas: number
  /** Compute units and price of Solana transactions (priority fee = units x price / 1e6). */
  solanaComputeUnitLimit: number
  solanaComputeUnitPriceMicroLamports: number
  /** Fee of a single-chain swap on its output, in bps. Not documented by the service [U]. */
  swapProtocolFeeBps: number
  /**
   * Range of the compared aggregators' outputs relative to ours, in bps: each lands uniformly in
   * [min, max]. A positive max lets some aggregators beat the simulator's route.
   */
  aggregatorSpreadBps: { min: number; max: number }
}

const gwei = 1_000_000_000n

/** Defaults of {@link QuoteConfig}: 4 bps protocol fee, 4 bps taker margin, per-chain opex. */
export const DEFAULT_QUOTE_CONFIG: QuoteConfig = {
  protocolFeeBps: 4,
  protocolFeeBpsByChain: {},
  takerMarginBps: 4,
  opexUsd: { 1: 4, 10: 0.05, 56: 0.05, 137: 0.035, 8453: 0.035, 42161: 0.04, 59144: 0.05 },
  defaultOpexUsd: 0.1,
  fixFee: {},
  baseSlippageBps: 10,
  swapRouterAddress: '0x5157000000000000000000000000000000005157',
  solanaProgramId: SOLANA_PROGRAMS.dlnSource,
  solanaSwapProgramId: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
  fulfillmentDelaySec: { 1: 12, 7565164: 2 },
  defaultFulfillmentDelaySec: 3,
  pointsPerUsd: 100,
  integratorPointsShare: 0.25,
  saltOf: (nowMs) => nowMs,
  gasPriceWei: { 1: 5n * gwei, 56: gwei, 137: 40n * gwei, 43114: 2n * gwei },
  defaultGasPriceWei: gwei / 100n,
  createOrderGas: 260_000,
  swapAndCreateOrderGas: 520_000,
  swapGas: 220_000,
  solanaComputeUnitLimit: 400_000,
  solanaComputeUnitPriceMicroLamports: 50_000,
  swapProtocolFeeBps: 4,
  aggregatorSpreadBps: { min: -45, max: 15 },
}
