import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'

/**
 * Status of one external-call step. The spec shows only `Executed` (docs/service.md §3); `Pending` and
 * `Failed` are this simulator's assumption for steps not yet run and steps that reverted
 * (docs/dln.md §3.4 suggests exactly these two as configurable extras).
 */
export type HookStepStatus = 'Executed' | 'Pending' | 'Failed'

/** One order as the stats service knows it: what the leaderboards and §4.1 are computed from. */
export type SimOrderRecord = {
  /** 0x and 64 hex digits (docs/dln.md §4.4). */
  orderId: string
  /** The wallet credited on the wallet leaderboard: EVM hex or base58. */
  maker: string
  /** Referral code given at creation; credits the referral leaderboard. */
  referralCode?: number
  /** Order value in USD. */
  volumeUsd: number
  /** Fees paid in USD: protocol fee plus fixFee, the basis of points (docs/dln.md §7). */
  feesUsd: number
  /** Only executed (fulfilled) orders count on the leaderboards. */
  executed: boolean
  /** totalInstructionsCount of docs/service.md §2.3. Default 0 (an order without a hook). */
  hookInstructionsCount?: number
  /** The order as created on chain, when the feeder saw it: what cancel-tx is built from. */
  order?: DlnOrder
}

/** One external-call step event (docs/service.md §2.3), in plain form; the server encodes it. */
export type SimHookStepRecord = {
  orderId: string
  /** 1-based position of the instruction. Recording the same number again replaces the step. */
  stepNumber: number
  status: HookStepStatus
  /** 0x hash of the destination transaction, 32 bytes. */
  transactionHash: string
  /** 0x hash of its block, 32 bytes. */
  blockHash: string
  blockNumber: number
  /** Block time in unix seconds. */
  blockTimeStampS: number
  /** Address that sent the transaction (EVM hex or base58). */
  initiator: string
  /** Addresses that received funds from the step. */
  beneficiaries: string[]
}

/**
 * What feeds the stats service: the devnet's solver, or a scripted feeder in tests.
 * @see docs/service.md §4.1-§4.3
 */
export type StatsObserver = {
  /** Adds an order or replaces the record with the same orderId. */
  recordOrder(order: SimOrderRecord): void
  /** Adds a hook step of a recorded order. Throws if the order was never recorded. */
  recordHookStep(step: SimHookStepRecord): void
}
