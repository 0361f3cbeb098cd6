import type { Address, Hex } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import type { DlnOrder } from '../chains/orderId/dlnOrder.ts'
import type { PriceSnapshot } from './prices/tokenUsdPrice.ts'

/** The zero address: native value in expectations and price lookups. */
export const EVM_NATIVE = '0x0000000000000000000000000000000000000000' as Address

/** The named value-flow rules (safety P-8.2..P-8.6). */
export type ValueFlowRule =
  | 'simulationFailed'
  | 'outflow'
  | 'approval'
  | 'createdOrder'
  | 'swapOutput'
  | 'unpriced'
  | 'valueConserved'

/** One broken rule, with a line an operator can read. */
export type ValueFlowViolation = { rule: ValueFlowRule; message: string }

/** What the simulated sequence must do, from ferry's own plan (never the service's word). */
export type EvmValueFlowExpectation = {
  /** ferry's signing address on this chain. */
  wallet: Address
  chainId: ChainId
  /** `patch`: a take patch of a stuck order (nothing may leave, like a cancel without its fee). */
  kind: 'order' | 'approval' | 'cancel' | 'patch' | 'swap'
  /**
   * The one token that may leave the wallet and its exact amount in base units (zero address =
   * native, then excluding `nativeFeeWei`). Omitted for approvals, cancels and patches: nothing
   * leaves.
   */
  outflow?: { token: Address; amount: bigint }
  /** Native protocol fee read from chain (DlnSource.globalFixedNativeFee() for orders), in wei. */
  nativeFeeWei: bigint
  /**
   * The allowance ferry planned: after the sequence, `wallet → spender` on `token` may be
   * `amount` (for kind `approval`: must be exactly it; a revoke plans 0). In an order it may have
   * been spent down to less. Every other allowance the wallet grants is a violation (P-8.3).
   */
  approval?: { token: Address; spender: Address; amount: bigint }
  /**
   * Contracts the tx passes ferry's tokens through (the forwarder): any allowance they are left
   * granting at the end of the sequence is a violation, whatever they hold (strict, P-8.3).
   */
  watchedOwners?: readonly Address[]
  /** Orders: the verified order (derived from calldata held against the intent) and its id. */
  order?: { dlnSource: Address; orderId: Hex; order: DlnOrder }
  /** Swaps: ferry's own minimum output and where it must land (P-8.5). */
  swap?: { tokenOut: Address; recipient: Address; minAmountOut: bigint }
  /** The route's all-in cost cap, in bps of the value leaving (P-8.6). Orders and swaps. */
  maxCostBps?: number
  /** Trusted prices for the tokens that move. Required for orders and swaps. */
  prices?: PriceSnapshot
  /** Display names by lowercase address (`USDC`), for error lines only. */
  labels?: Readonly<Record<string, string>>
}
