import { createHash } from 'node:crypto'

/**
 * Which live instance should hold each wallet group: rendezvous hashing with bounded loads.
 * Groups are taken in key order; each goes to the instance with the highest hash weight for it
 * among those holding fewer than `ceil(groups / instances)`. Every instance that sees the same
 * live set computes the same answer, the load differs by at most one between instances, and an
 * instance joining or leaving moves few groups. Pure; an empty live set assigns nothing.
 * @returns group key → instance id.
 */
export function assignWalletGroups(
  groupKeys: readonly string[],
  liveInstanceIds: readonly string[],
): Map<string, string> {
  const assigned = new Map<string, string>()
  if (liveInstanceIds.length === 0) return assigned
  const cap = Math.ceil(groupKeys.length / liveInstanceIds.length)
  const load = new Map<string, number>()
  for (const group of [...groupKeys].sort()) {
    const ranked = [...liveInstanceIds].sort(
      (a, b) => weight(b, group) - weight(a, group) || (a < b ? -1 : 1),
    )
    const owner = ranked.find((id) => (load.get(id) ?? 0) < cap) ?? ranked[0]!
    assigned.set(group, owner)
    load.set(owner, (load.get(owner) ?? 0) + 1)
  }
  return assigned
}

/** A stable pseudo-random weight of (instance, group) in [0, 2^32). */
function weight(instanceId: string, groupKey: string): number {
  return createHash('sha256').update(`${instanceId}\n${groupKey}`).digest().readUInt32BE(0)
}
