import { describe, expect, test } from 'vitest'
import { assignWalletGroups } from '../../../../src/engine/cluster/assignWalletGroups.ts'

const groups = Array.from({ length: 30 }, (_, i) => `1:0x${i.toString(16).padStart(4, '0')}`)

function loads(assigned: Map<string, string>): Map<string, number> {
  const count = new Map<string, number>()
  for (const owner of assigned.values()) count.set(owner, (count.get(owner) ?? 0) + 1)
  return count
}

describe('assignWalletGroups', () => {
  test('default: every group gets one live owner and loads differ by at most one', () => {
    const assigned = assignWalletGroups(groups, ['a', 'b', 'c'])
    expect(assigned.size).toBe(30)
    expect([...loads(assigned).values()].sort()).toEqual([10, 10, 10])
    const few = loads(assignWalletGroups(groups.slice(0, 4), ['a', 'b', 'c']))
    expect(Math.max(...few.values()) - Math.min(...few.values())).toBeLessThanOrEqual(1)
  })

  test('edge: loads differ by at most one whatever the counts, 100 groups over 3 included', () => {
    const many = Array.from({ length: 100 }, (_, i) => `0:strategy:route-${i}`)
    expect([...loads(assignWalletGroups(many, ['a', 'b', 'c'])).values()].sort()).toEqual([
      33, 33, 34,
    ])
    for (let n = 1; n <= 5; n++) {
      const live = ['a', 'b', 'c', 'd', 'e'].slice(0, n)
      for (let count = 1; count <= 60; count++) {
        const load = [...loads(assignWalletGroups(many.slice(0, count), live)).values()]
        expect(load.reduce((total, k) => total + k, 0)).toBe(count)
        expect(
          Math.max(...load) - Math.min(...load, ...(load.length < n ? [0] : [])),
        ).toBeLessThanOrEqual(1)
      }
    }
  })

  test('behavior: every instance computes the same answer from the same live set, in any order', () => {
    expect(assignWalletGroups(groups, ['c', 'a', 'b'])).toEqual(
      assignWalletGroups(groups, ['a', 'b', 'c']),
    )
  })

  test('behavior: when an instance leaves, most groups of the others stay where they were', () => {
    const before = assignWalletGroups(groups, ['a', 'b', 'c'])
    const after = assignWalletGroups(groups, ['a', 'b'])
    const moved = groups.filter((g) => before.get(g) !== 'c' && before.get(g) !== after.get(g))
    expect(after.size).toBe(30)
    expect([...after.values()].every((o) => o === 'a' || o === 'b')).toBe(true)
    // Only c's ten must move; bounded loads may shift a few more, never most of them.
    expect(moved.length).toBeLessThan(10)
  })

  test('edge: no live instance assigns nothing', () => {
    expect(assignWalletGroups(groups, []).size).toBe(0)
  })
})
