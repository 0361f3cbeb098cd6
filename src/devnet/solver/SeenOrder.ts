import type { Hex } from 'viem'
import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'

/** An order the solver has seen, with the USD figures it reports to the stats store. */
export type SeenOrder = {
  order: DlnOrder
  orderId: Hex
  /** 0 when the order carries none. */
  referralCode: number
  /** Percent fee plus fixed fee, in USD at the market's prices (0 for an unpriced token). */
  feesUsd: number
  /** The give amount in USD at the market's prices (0 for an unpriced token). */
  volumeUsd: number
}
