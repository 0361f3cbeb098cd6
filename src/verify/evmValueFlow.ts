import type { Address, Hex } from 'viem'
import type { ParsedCreatedOrder } from '../chains/evm/parseCreatedOrder.ts'

/** One transaction of a simulated sequence, as ferry would sign it. `value` in wei. */
export type EvmCallToSimulate = { to: Address; data: Hex; value: bigint; gas?: bigint }

/** The token address eth_simulateV1 (traceTransfers) uses for native value moves. */
export const NATIVE_TRANSFER_LOG_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** An ERC-20 Transfer, in token base units; `callIndex` is the call of the sequence. */
export type TokenTransfer = {
  callIndex: number
  token: Address
  from: Address
  to: Address
  amount: bigint
}

/** An ERC-20 Approval event: the allowance `owner → spender` was set to `amount`. */
export type TokenApproval = {
  callIndex: number
  token: Address
  owner: Address
  spender: Address
  amount: bigint
}

/** Native value that moved between accounts, in wei. */
export type NativeMove = { callIndex: number; from: Address; to: Address; amountWei: bigint }

/** A log of a simulated call, already limited to frames that did not revert. */
export type SimulatedLog = { address: Address; topics: readonly Hex[]; data: Hex }

/** The outcome of one call of the sequence. */
export type SimulatedCallOutcome = {
  status: 'success' | 'reverted'
  gasUsed: bigint
  /** Return data, or the revert data of a reverted call. */
  returnData: Hex
}

/** A CreatedOrder event of DlnSource found in the simulation (orderId not yet judged). */
export type SimulatedCreatedOrder = Omit<ParsedCreatedOrder, 'logIndex'> & { callIndex: number }

/**
 * Where the money of a simulated sequence goes (safety P-8.1): every ERC-20 Transfer and
 * Approval, every native move, the CreatedOrder events of DlnSource, and each call's outcome.
 * Events of reverted calls or frames are not in it (they did not happen).
 */
export type EvmValueFlow = {
  method: 'eth_simulateV1' | 'debug_traceCall'
  calls: SimulatedCallOutcome[]
  transfers: TokenTransfer[]
  approvals: TokenApproval[]
  native: NativeMove[]
  createdOrders: SimulatedCreatedOrder[]
}
