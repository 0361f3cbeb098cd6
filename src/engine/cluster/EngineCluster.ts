import type { StrategyInstance } from '../createScheduler.ts'

/**
 * What the engine asks of a cluster member on a shared journal (docs/architecture.md §5); absent
 * on SQLite, where the one process runs every strategy and reconciles everything at start.
 */
export type EngineCluster = {
  /**
   * Of the strategies due now, those this process runs: it holds their wallets, and it claimed
   * their schedule slot (once cluster-wide). Never throws: a database it cannot reach selects none.
   */
  select(due: readonly StrategyInstance[], nowMs: number): Promise<StrategyInstance[]>
  /** Runs a strategy's turn with the lease claims held now bound to everything it starts. */
  withClaims<T>(work: () => Promise<T>): Promise<T>
  /** The cluster-wide kill switch as the last {@link EngineCluster.select} read it. */
  killSwitchEngaged(): boolean
}
