import type { EngineEvent } from '../../observe/engineEvents.ts'
import type { ClusterAlertClaim } from '../../store/cluster/claimClusterAlert.ts'

/**
 * Whether this instance tells a cluster-level event: a promise of "it won the claim", or
 * undefined for an event every instance tells on its own.
 */
export type ClusterAlertGate = (event: EngineEvent) => Promise<boolean> | undefined

/**
 * The claim of a cluster-level alert an engine event raises, or undefined for an event of this
 * instance alone. The kill switch is one: on a shared journal every instance sees the database
 * switch change within one tick, so the cluster tells it once per state and window
 * (docs/architecture.md §5), as it tells `walletUnheld`.
 * @param windowMs the alert's window, ms (its configured minimum interval).
 */
export function clusterAlertClaimOf(
  event: EngineEvent,
  instance: string,
  windowMs: number,
): ClusterAlertClaim | undefined {
  if (event.type !== 'killSwitch') return undefined
  return { kind: 'killSwitch', key: event.engaged ? 'on' : 'off', windowMs, instance }
}

/**
 * Wraps an alert observer so that a cluster-level event reaches it only on the instance that
 * claims it (`gate()`, set once the run has joined its cluster); every other event passes at
 * once. A claim the database cannot take is told all the same: a doubled alert beats a lost one.
 */
export function gateClusterAlerts(
  observe: (event: EngineEvent) => void,
  gate: () => ClusterAlertGate | undefined,
): (event: EngineEvent) => void {
  return (event) => {
    const claim = gate()?.(event)
    if (claim === undefined) {
      observe(event)
      return
    }
    claim.then(
      (won) => {
        if (won) observe(event)
      },
      () => observe(event),
    )
  }
}
