import { createHash } from 'node:crypto'

/**
 * Which live instance should hold each wallet group: rendezvous hashing with bounded loads.
 * Groups are taken in key order; each goes to the instance with the highest hash weight for it
 * among those with room: `floor(groups / instances)` each, one more for the first
 * `groups % instances` to reach that floor (a plain `ceil` cap would let the last instances end
 * short: 100 groups over 3 came out 34/34/32). Every instance that sees the same live set
 * computes the same answer, the load differs by at most one between instances, and an instance
 * joining or leaving moves few groups. Pure; an empty live set assigns nothing.
 * @returns group key → instance id.
 */
export function assignWalletGroups(
  groupKeys: readonly string[],
  liveInstanceIds: readonly string[],
): Map<string, string> {
  const assigned = new Map<string, string>()
  if (liveInstanceIds.length === 0) return assigned
  const floor = Math.floor(groupKeys.length / liveInstanceIds.length)
  const extra = groupKeys.length % liveInstanceIds.length
  const load = new Map<string, number>()
  let full = 0
  const hasRoom = (id: string): boolean => {
    const n = load.get(id) ?? 0
    return n < floor || (n === floor && full < extra)
  }
  for (const group of [...groupKeys].sort()) {
    const ranked = [...liveInstanceIds].sort(
      (a, b) => weight(b, group) - weight(a, group) || (a < b ? -1 : 1),
    )
    const owner = ranked.find(hasRoom) ?? ranked[0]!
    assigned.set(group, owner)
    const n = (load.get(owner) ?? 0) + 1
    load.set(owner, n)
    if (n === floor + 1) full++
  }
  return assigned
}

/** A stable pseudo-random weight of (instance, group) in [0, 2^32). */
function weight(instanceId: string, groupKey: string): number {
  return createHash('sha256').update(`${instanceId}\n${groupKey}`).digest().readUInt32BE(0)
}
