import { scheduleSlotMs } from '../../settings/scheduleSlotMs.ts'
import type { ClusterMember } from './createClusterMember.ts'
import type { EngineCluster, StrategyInstance } from './EngineCluster.ts'

/**
 * The engine's view of a cluster member: a due strategy runs here when the member runs it (its
 * wallets held, reconciled, within their TTL) and this process wins its schedule slot.
 * `onError` hears a slot that could not be claimed (the database unreachable): that strategy
 * skips the slot here, and runs in a later one.
 */
export function createEngineCluster(
  member: ClusterMember,
  onError: (strategyId: string, error: Error) => void,
): EngineCluster {
  return {
    async select(due, nowMs) {
      const selected: StrategyInstance[] = []
      for (const instance of due) {
        if (!member.runs(instance.id)) continue
        try {
          const slotMs = scheduleSlotMs(instance.schedule, nowMs)
          if (await member.claimSlot(instance.id, slotMs)) selected.push(instance)
        } catch (error) {
          onError(instance.id, error as Error)
        }
      }
      return selected
    },
    withClaims: (work) => member.withClaims(work),
  }
}
