import { scheduleSlotMs } from '../../settings/scheduleSlotMs.ts'
import type { ClusterMember } from './createClusterMember.ts'
import type { EngineCluster } from './EngineCluster.ts'

/**
 * The engine's view of a cluster member: a due strategy runs here when the member runs it (its
 * wallets held, reconciled, within their TTL) and this process wins its schedule slot.
 * The tick's slots are claimed in one statement. `onError` hears each strategy whose slot could
 * not be claimed (the database unreachable): it skips the slot here, and runs in a later one.
 * `readKillSwitch` reads the cluster's kill switch (`readSharedKillSwitch`) at each select.
 */
export function createEngineCluster(
  member: ClusterMember,
  onError: (strategyId: string, error: Error) => void,
  readKillSwitch?: () => Promise<boolean>,
): EngineCluster {
  let killSwitchEngaged = false
  return {
    async select(due, nowMs) {
      // The cluster's kill switch, read once a tick before anything of it runs: engaged in the
      // database, every instance stops new intents within one tick. A read that fails keeps
      // the last answer (nothing can be journaled without the database anyway).
      if (readKillSwitch) {
        killSwitchEngaged = await readKillSwitch().catch(() => killSwitchEngaged)
      }
      const runnable = due.filter((instance) => member.runs(instance.id))
      try {
        const won = await member.claimSlots(
          runnable.map((i) => ({ strategy: i.id, slotMs: scheduleSlotMs(i.schedule, nowMs) })),
        )
        return runnable.filter((i) => won.has(i.id))
      } catch (error) {
        for (const instance of runnable) onError(instance.id, error as Error)
        return []
      }
    },
    withClaims: (work) => member.withClaims(work),
    killSwitchEngaged: () => killSwitchEngaged,
  }
}
