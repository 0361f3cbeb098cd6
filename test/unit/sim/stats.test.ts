import { describe, expect, test } from 'vitest'
import { encodeBase58 } from '../../../src/chains/base58.ts'
import { createStatsStore } from '../../../src/sim/stats/createStatsStore.ts'
import { createSyntheticPopulation } from '../../../src/sim/stats/createSyntheticPopulation.ts'
import { rankByFees } from '../../../src/sim/stats/rankByFees.ts'
import { seedDemoOrders } from '../../../src/sim/stats/seedDemoOrders.ts'
import { toAddressObject } from '../../../src/sim/stats/toAddressObject.ts'
import { toBytesValue } from '../../../src/sim/stats/toBytesValue.ts'

describe('rankByFees', () => {
  test('default: highest fees first, ranks 1..n, ties in input order', () => {
    const ranked = rankByFees([
      { id: 'a', feesUsd: 1 },
      { id: 'b', feesUsd: 5 },
      { id: 'c', feesUsd: 1 },
      { id: 'd', feesUsd: 3 },
    ])
    expect(ranked.map((r) => [r.id, r.rank])).toEqual([
      ['b', 1],
      ['d', 2],
      ['a', 3],
      ['c', 4],
    ])
  })
})

describe('toBytesValue and toAddressObject', () => {
  test('default: the same bytes three ways', () => {
    expect(toBytesValue('0x00FF10')).toEqual({
      bytesValue: 'AP8Q',
      bytesArrayValue: '[0,255,16]',
      stringValue: '0x00ff10',
    })
  })

  test('behavior: a base58 address is encoded from its decoded bytes', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i)
    const address = encodeBase58(bytes)
    expect(toAddressObject(address)).toEqual({
      Base64Value: Buffer.from(bytes).toString('base64'),
      bytesArrayValue: JSON.stringify([...bytes]),
      stringValue: address,
    })
  })
})

describe('createStatsStore', () => {
  test('behavior: a hook step of an unknown order is refused', () => {
    const store = createStatsStore()
    expect(() =>
      store.recordHookStep({
        orderId: `0x${'1'.repeat(64)}`,
        stepNumber: 1,
        status: 'Executed',
        transactionHash: `0x${'1'.repeat(64)}`,
        blockHash: `0x${'1'.repeat(64)}`,
        blockNumber: 1,
        blockTimeStampS: 1,
        initiator: '0x1111111111111111111111111111111111111111',
        beneficiaries: [],
      }),
    ).toThrow(/unknown order/)
  })
})

describe('createSyntheticPopulation', () => {
  test('default: deterministic by seed, unique wallets and codes, hex and base58', () => {
    const a = createSyntheticPopulation(3)
    expect(createSyntheticPopulation(3)).toEqual(a)
    expect(createSyntheticPopulation(4)).not.toEqual(a)
    expect(new Set(a.wallets.map((w) => w.address)).size).toBe(200)
    expect(new Set(a.referrals.map((r) => r.referralCode)).size).toBe(50)
    expect(a.wallets.filter((w) => !w.address.startsWith('0x'))).toHaveLength(50)
  })
})

describe('seedDemoOrders', () => {
  test('default: executed orders with two steps each, deterministic by seed', () => {
    const store = createStatsStore()
    const ids = seedDemoOrders(store, 5, 3)
    expect(ids).toHaveLength(3)
    expect(seedDemoOrders(createStatsStore(), 5, 3)).toEqual(ids)
    expect(ids.map((id) => store.getHookSteps(id).map((s) => s.status))).toEqual([
      ['Executed', 'Executed'],
      ['Executed', 'Pending'],
      ['Executed', 'Failed'],
    ])
    expect(store.getOrder(ids[0]!)?.executed).toBe(true)
  })
})
