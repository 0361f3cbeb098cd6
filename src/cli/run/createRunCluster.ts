import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Logger } from '../../common/Logger.ts'
import type { Strategy } from '../../common/strategy/strategyContract.ts'
import { createClusterMember } from '../../engine/cluster/createClusterMember.ts'
import { createEngineCluster } from '../../engine/cluster/createEngineCluster.ts'
import type { EngineCluster } from '../../engine/cluster/EngineCluster.ts'
import { fenceJournalStore } from '../../engine/cluster/fenceJournalStore.ts'
import {
  type ClusterAlertGate,
  clusterAlertClaimOf,
} from '../../engine/cluster/gateClusterAlerts.ts'
import { type WalletGroup, walletKeyOf } from '../../engine/cluster/groupWallets.ts'
import { DEFAULT_CLUSTER_ALERT_WINDOW_MS } from '../../engine/cluster/tellUnheldWallets.ts'
import type { IntentRunner } from '../../execute/createIntentRunner.ts'
import type { EngineEvent } from '../../observe/engineEvents.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { claimClusterAlert } from '../../store/cluster/claimClusterAlert.ts'
import { readSharedKillSwitch, setSharedKillSwitch } from '../../store/cluster/sharedKillSwitch.ts'
import type { JournalStore } from '../../store/contract/JournalStore.ts'
import type { IntentReconciliation } from '../../store/contract/journalTypes.ts'
import { toWalletKey } from '../../store/contract/toWalletKey.ts'
import type { PgJournalStore } from '../../store/pg/openPgJournal.ts'
import { clusterGroups } from './clusterGroups.ts'

/** A `ferry run`'s membership of a cluster on a shared PostgreSQL journal. */
export type RunCluster = {
  /** This process's holder id. */
  id: string
  /** The journal the world and the engine write through: its write-ahead inserts are fenced. */
  journal: JournalStore
  engine: EngineCluster
  /** Claims a cluster-level alert (the kill switch) so the cluster tells it once. */
  claimAlert: ClusterAlertGate
  /**
   * Engages the cluster-wide kill switch in the database too (the engine's automatic kill), in
   * the background: the file beside it is engaged at once.
   */
  engageKillSwitch(reason: string): void
  /** Joins: the first lease turn, reconciling the groups it takes through `runner`, then a turn every quarter TTL. */
  start(runner: IntentRunner): Promise<void>
  /** Leaves: no more turns, every lease released for another process to take at once. */
  stop(): Promise<void>
}

/**
 * Wires a run into the cluster (docs/architecture.md §5): its wallet groups from the strategies,
 * the member keeping their leases, the fenced journal and the engine's selection. A group this
 * process takes has its in-flight intents reconciled first, as a restart would: those of its
 * strategies, and any whose journaled signatures are from its wallets.
 */
export function createRunCluster(params: {
  store: PgJournalStore
  config: DeepReadonly<FerryConfig>
  strategies: Readonly<Record<string, Strategy<never>>>
  wallets: readonly { chainId: number; address: string }[]
  emit: (event: EngineEvent) => void
  logger: Logger
}): RunCluster {
  const { store, config, emit, logger } = params
  const id =
    config.cluster.instanceId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`
  let runner: IntentRunner | undefined
  const member = createClusterMember({
    store,
    id,
    host: hostname(),
    pid: process.pid,
    leaseTtlMs: config.cluster.leaseTtlMs,
    alertWindowMs: config.observe.alerts?.minIntervalMs.walletUnheld,
    groups: clusterGroups(config, params.strategies, params.wallets),
    emit,
    onAcquired: async (group) => {
      await runner?.reconcile(emit, (rec) => belongsTo(group, rec))
    },
  })
  return {
    id,
    journal: fenceJournalStore(store, member.leaseFor, id),
    engine: createEngineCluster(
      member,
      (strategy, error) => {
        logger.error({ strategy, error: error.message }, 'schedule slot not claimed: skipped here')
      },
      async () => (await readSharedKillSwitch(store)).engaged,
    ),
    claimAlert(event) {
      const windowMs =
        config.observe.alerts?.minIntervalMs.killSwitch ?? DEFAULT_CLUSTER_ALERT_WINDOW_MS
      const claim = clusterAlertClaimOf(event, id, windowMs)
      return claim && claimClusterAlert(store, claim)
    },
    engageKillSwitch(reason) {
      setSharedKillSwitch(store, true, { by: `${id} (pid ${process.pid})`, reason }).catch(
        (error: unknown) => {
          logger.error(
            { error: (error as Error).message },
            'could not engage the cluster kill switch',
          )
        },
      )
    },
    async start(r) {
      runner = r
      await member.start()
    },
    stop: () => member.stop(),
  }
}

/** Whether a journaled intent is the group's to reconcile. */
function belongsTo(group: WalletGroup, rec: IntentReconciliation): boolean {
  if (group.strategies.includes(rec.intent.strategy)) return true
  const wallets = new Set(group.wallets.map(walletKeyOf))
  return rec.attempts.some((a) =>
    wallets.has(walletKeyOf({ chainId: a.chainId, address: toWalletKey(a.from) })),
  )
}
