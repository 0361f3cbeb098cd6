import type { Hex } from 'viem'
import type { SkipReason } from './decideFill.ts'

/** What the solver did, as events tests and the demo can wait on. */
export type SolverEvents = {
  seen: [{ orderId: Hex; giveChainId: number; takeChainId: number }]
  filled: [{ orderId: Hex; takeChainId: number; txHash: string; blockNumber: number }]
  hook: [
    { orderId: Hex; stepNumber: number; status: 'Executed' | 'Failed' | 'Pending'; txHash: string },
  ]
  unlocked: [{ orderId: Hex; giveChainId: number; txHash: string }]
  cancelled: [{ orderId: Hex; giveChainId: number; txHash: string }]
  failed: [{ orderId: Hex | undefined; stage: string; error: string }]
  /** An order the solver chose not to fill (unprofitable at the market's prices, or unpriced). */
  skipped: [{ orderId: Hex; reason: SkipReason; marginBps: number }]
}
