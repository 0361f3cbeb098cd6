import type { Hex } from 'viem'

/** The order was filled or cancelled on the destination before the solver got to it. */
export class OrderNoLongerOpenError extends Error {
  constructor(
    readonly orderId: Hex,
    /** DlnDestination's takeOrders status (0 is open). */
    readonly status: number,
  ) {
    super(`order ${orderId} is no longer open (takeOrders status ${status})`)
  }
}
