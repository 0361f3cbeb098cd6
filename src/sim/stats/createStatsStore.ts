import type { SimHookStepRecord, SimOrderRecord, StatsObserver } from './statsObserver.ts'

/** The in-memory order store behind the stats endpoints: an observer plus its reads. */
export type StatsStore = StatsObserver & {
  /** The order with this id (case-insensitive hex), or undefined. */
  getOrder(orderId: string): SimOrderRecord | undefined
  /** Its hook steps, ordered by stepNumber. */
  getHookSteps(orderId: string): SimHookStepRecord[]
  /** Every order, in the order first recorded. */
  listOrders(): SimOrderRecord[]
}

/**
 * Creates an empty in-memory stats store. Order ids are compared case-insensitively, since a hex
 * id may be written in either case.
 */
export function createStatsStore(): StatsStore {
  const orders = new Map<string, SimOrderRecord>()
  const steps = new Map<string, Map<number, SimHookStepRecord>>()
  return {
    recordOrder(order) {
      orders.set(order.orderId.toLowerCase(), { ...order })
    },
    recordHookStep(step) {
      const key = step.orderId.toLowerCase()
      if (!orders.has(key)) throw new Error(`recordHookStep: unknown order ${step.orderId}`)
      let byNumber = steps.get(key)
      if (!byNumber) {
        byNumber = new Map()
        steps.set(key, byNumber)
      }
      byNumber.set(step.stepNumber, { ...step, beneficiaries: [...step.beneficiaries] })
    },
    getOrder: (orderId) => orders.get(orderId.toLowerCase()),
    getHookSteps: (orderId) =>
      [...(steps.get(orderId.toLowerCase())?.values() ?? [])].sort(
        (a, b) => a.stepNumber - b.stepNumber,
      ),
    listOrders: () => [...orders.values()],
  }
}
