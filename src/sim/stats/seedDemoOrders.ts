import { createSeededRandom } from '../random/createSeededRandom.ts'
import type { HookStepStatus, StatsObserver } from './statsObserver.ts'

/** Step statuses of the demo orders, in turn: all done, one pending, one failed. */
const DEMO_STATUSES: HookStepStatus[][] = [
  ['Executed', 'Executed'],
  ['Executed', 'Pending'],
  ['Executed', 'Failed'],
]

/**
 * Records `count` executed demo orders with two hook steps each through `observer`, so
 * `ferry sim` answers externalCallProcess (docs/service.md §4.1) before any solver has fed it. Ids and
 * hashes come from the seed; the statuses cycle through {@link DEMO_STATUSES}.
 * @returns the demo order ids, 0x and 64 hex digits
 */
export function seedDemoOrders(observer: StatsObserver, seed: number, count: number): string[] {
  const random = createSeededRandom(seed ^ 0xde30)
  const hex = (bytes: number): string =>
    `0x${Array.from({ length: bytes }, () =>
      Math.floor(random() * 256)
        .toString(16)
        .padStart(2, '0'),
    ).join('')}`
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const orderId = hex(32)
    const maker = hex(20)
    observer.recordOrder({
      orderId,
      maker,
      volumeUsd: 1000,
      feesUsd: 1,
      executed: true,
      hookInstructionsCount: 2,
    })
    const statuses = DEMO_STATUSES[i % DEMO_STATUSES.length]!
    statuses.forEach((status, s) => {
      observer.recordHookStep({
        orderId,
        stepNumber: s + 1,
        status,
        transactionHash: hex(32),
        blockHash: hex(32),
        blockNumber: 20_000_000 + i * 10 + s,
        blockTimeStampS: 1_767_225_600 + i * 60 + s,
        initiator: hex(20),
        beneficiaries: [maker],
      })
    })
    ids.push(orderId)
  }
  return ids
}
