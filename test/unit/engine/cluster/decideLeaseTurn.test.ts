import { describe, expect, test } from 'vitest'
import { assignWalletGroups } from '../../../../src/engine/cluster/assignWalletGroups.ts'
import {
  decideLeaseTurn,
  type LeaseTurnInput,
} from '../../../../src/engine/cluster/decideLeaseTurn.ts'
import { groupWallets } from '../../../../src/engine/cluster/groupWallets.ts'

const groups = groupWallets([
  { id: 's1', wallets: [{ chainId: 1, address: '0x01' }] },
  { id: 's2', wallets: [{ chainId: 1, address: '0x02' }] },
  { id: 's3', wallets: [{ chainId: 1, address: '0x03' }] },
])
const NOW = 1_000_000
const TTL = 10_000

function input(over: Partial<LeaseTurnInput>): LeaseTurnInput {
  return {
    self: 'a',
    groups,
    liveInstanceIds: ['a', 'b', 'c'],
    leases: new Map(),
    held: new Set(),
    dbNowMs: NOW,
    leaseTtlMs: TTL,
    ...over,
  }
}

const owners = assignWalletGroups(
  groups.map((g) => g.key),
  ['a', 'b', 'c'],
)
const mine = groups.filter((g) => owners.get(g.key) === 'a').map((g) => g.key)
const theirs = groups.filter((g) => owners.get(g.key) !== 'a').map((g) => g.key)

describe('decideLeaseTurn', () => {
  test('default: a new instance takes only the never-leased groups assigned to it', () => {
    expect(decideLeaseTurn(input({}))).toEqual({ acquire: mine, release: [], orphaned: [] })
  })

  test('behavior: alone, an instance takes every group; it hands back those assigned to a newcomer', () => {
    const alone = decideLeaseTurn(input({ liveInstanceIds: ['a'] }))
    expect(alone.acquire).toEqual(groups.map((g) => g.key))
    const joined = decideLeaseTurn(input({ held: new Set(groups.map((g) => g.key)) }))
    expect(joined.release).toEqual(theirs)
    expect(joined.acquire).toEqual([])
  })

  test('behavior: a group held by a live lease of another instance is never taken', () => {
    const leases = new Map(mine.map((k) => [k, { holder: 'b', expiresAtMs: NOW + 1 }]))
    expect(decideLeaseTurn(input({ leases })).acquire).toEqual([])
  })

  test('behavior: a group whose holder died is taken by its new owner at expiry, by anyone after a TTL more', () => {
    const dead = theirs[0]!
    const expired = new Map([[dead, { holder: 'x', expiresAtMs: NOW - 1 }]])
    expect(decideLeaseTurn(input({ leases: expired })).acquire).not.toContain(dead)
    const orphan = new Map([[dead, { holder: 'x', expiresAtMs: NOW - TTL - 1 }]])
    const turn = decideLeaseTurn(input({ leases: orphan }))
    expect(turn.acquire).toContain(dead)
    expect(turn.orphaned).toEqual([dead])
  })

  test('edge: a group this instance holds and owns is kept, not acquired again', () => {
    const turn = decideLeaseTurn(input({ held: new Set(mine) }))
    expect(turn).toEqual({ acquire: [], release: [], orphaned: [] })
  })
})

describe('decideLeaseTurn recheck', () => {
  test('behavior: a lease this instance should take but another still holds asks for a turn at its expiry', () => {
    const leases = new Map(mine.map((k) => [k, { holder: 'x', expiresAtMs: NOW + 700 }]))
    expect(decideLeaseTurn(input({ leases })).recheckInMs).toBe(700)
    expect(decideLeaseTurn(input({})).recheckInMs).toBeUndefined()
  })
})
