import { assignWalletGroups } from './assignWalletGroups.ts'
import { type WalletGroup, walletKeyOf } from './groupWallets.ts'

/** A wallet's lease as the database has it, times by the database clock. */
export type LeaseState = { holder: string; expiresAtMs: number }

/** Inputs of {@link decideLeaseTurn}. */
export type LeaseTurnInput = {
  self: string
  groups: readonly WalletGroup[]
  /** Instances alive by the database's clock, this one included. */
  liveInstanceIds: readonly string[]
  /** Lease rows by wallet key (`chainId:address`); a wallet never leased is absent. */
  leases: ReadonlyMap<string, LeaseState>
  /** Keys of the groups this instance holds now. */
  held: ReadonlySet<string>
  dbNowMs: number
  /** The lease TTL, ms: a group unheld for longer is anyone's to take. */
  leaseTtlMs: number
}

/**
 * What to do this turn; `orphaned` are groups with no live holder for longer than the TTL;
 * `recheckInMs`, when set, is how soon a lease this instance should take expires (database
 * clock), so the next turn can come right then rather than a whole period later.
 */
export type LeaseTurn = {
  acquire: string[]
  release: string[]
  orphaned: string[]
  recheckInMs?: number
}

/**
 * One turn of the cluster's lease keeping (docs/architecture.md §5). Pure.
 * - acquire: a group assigned to this instance ({@link assignWalletGroups}) whose wallets are
 *   free (no row, expired, or ours); or any group that was leased and has been free for longer
 *   than the TTL, so a group is never left unrun when instances disagree about who is alive;
 * - release: a held group assigned to another live instance, so work spreads out again when an
 *   instance joins; it takes the group over once the release has made it free.
 */
export function decideLeaseTurn(input: LeaseTurnInput): LeaseTurn {
  const live = input.liveInstanceIds.includes(input.self)
    ? input.liveInstanceIds
    : [...input.liveInstanceIds, input.self]
  const owners = assignWalletGroups(
    input.groups.map((g) => g.key),
    live,
  )
  const acquire: string[] = []
  const release: string[] = []
  const orphaned: string[] = []
  let recheckInMs: number | undefined
  for (const group of input.groups) {
    const owner = owners.get(group.key)
    if (input.held.has(group.key)) {
      if (owner !== input.self) release.push(group.key)
      continue
    }
    const rows = group.wallets.map((w) => input.leases.get(walletKeyOf(w)))
    const free = rows.every(
      (r) => r === undefined || r.holder === input.self || r.expiresAtMs <= input.dbNowMs,
    )
    if (!free) {
      // Ours once the other's lease runs out (its holder died or is handing it back).
      if (owner === input.self) {
        const untilMs = Math.max(...rows.map((r) => (r ? r.expiresAtMs - input.dbNowMs : 0)))
        recheckInMs = Math.min(recheckInMs ?? untilMs, untilMs)
      }
      continue
    }
    // A group that was held and is free for longer than the TTL lost its holder; one never
    // leased waits for its assigned owner, or the first instance up would take every group.
    const leased = rows.filter((r) => r !== undefined)
    const freeSinceMs = Math.max(0, ...leased.map((r) => r.expiresAtMs))
    const orphan = leased.length > 0 && input.dbNowMs - freeSinceMs > input.leaseTtlMs
    if (orphan) orphaned.push(group.key)
    if (owner === input.self || orphan) acquire.push(group.key)
  }
  return recheckInMs === undefined
    ? { acquire, release, orphaned }
    : { acquire, release, orphaned, recheckInMs }
}
