import { describe, expect, test } from 'vitest'
import { groupWallets } from '../../../../src/engine/cluster/groupWallets.ts'

const A = { chainId: 42161, address: '0xaaaa' }
const B = { chainId: 8453, address: '0xaaaa' }
const S = { chainId: 7565164, address: 'So1ana' }

describe('groupWallets', () => {
  test('default: strategies sharing a wallet share a group; others stand alone', () => {
    const groups = groupWallets([
      { id: 'arbToBase', wallets: [A] },
      { id: 'baseToArb', wallets: [B] },
      { id: 'rebalance', wallets: [A, B] },
      { id: 'sweep', wallets: [S] },
    ])
    expect(groups).toEqual([
      {
        key: '42161:0xaaaa+8453:0xaaaa',
        wallets: [A, B],
        strategies: ['arbToBase', 'baseToArb', 'rebalance'],
      },
      { key: '7565164:So1ana', wallets: [S], strategies: ['sweep'] },
    ])
  })

  test('edge: a strategy that gives nothing runs under its own pseudo-wallet', () => {
    expect(groupWallets([{ id: 'paper', wallets: [] }])).toEqual([
      {
        key: '0:strategy:paper',
        wallets: [{ chainId: 0, address: 'strategy:paper' }],
        strategies: ['paper'],
      },
    ])
  })

  test('behavior: the grouping does not depend on the order strategies are listed in', () => {
    const one = groupWallets([
      { id: 'x', wallets: [A] },
      { id: 'y', wallets: [S] },
      { id: 'z', wallets: [S, B] },
    ])
    const two = groupWallets([
      { id: 'z', wallets: [B, S] },
      { id: 'y', wallets: [S] },
      { id: 'x', wallets: [A] },
    ])
    expect(two.map((g) => g.key)).toEqual(one.map((g) => g.key))
  })
})
