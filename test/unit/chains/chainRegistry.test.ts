import { describe, expect, test } from 'vitest'
import { CHAIN_IDS } from '../../../src/api/schemas/chainId.ts'
import { CHAINS, EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import { evmAllowList } from '../../../src/chains/evmAllowList.ts'

describe('chain registry', () => {
  test('default: one entry for each of the 24 spec chain ids, with every field', () => {
    expect(
      Object.keys(CHAINS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...CHAIN_IDS].sort((a, b) => a - b))
    for (const id of CHAIN_IDS) {
      const c = CHAINS[id]
      expect(c.chainId).toBe(id)
      expect(c.name.length).toBeGreaterThan(0)
      expect(c.nativeSymbol.length).toBeGreaterThan(0)
      expect(c.confirmations).toBeGreaterThan(0)
      expect(c.kind === 'solana').toBe(id === 7565164)
    }
    expect(CHAINS[42161].fixedFeeFallback).toBe(1_000_000_000_000_000n)
    expect(CHAINS[137].confirmations).toBe(256)
    expect(CHAINS[7565164]).toMatchObject({ nativeDecimals: 9, fixedFeeFallback: 15_000_000n })
    expect(CHAINS[100000002].nativeChainId).toBe(100)
  })

  test('behavior: unconfirmed chains have no contracts and no allow-list unless configured', () => {
    expect(CHAINS[100000026].contracts).toBeUndefined()
    expect(evmAllowList(100000026)).toBeUndefined()
    expect(evmAllowList(7565164)).toBeUndefined()
    expect(evmAllowList(8453)?.dlnSource).toBe(EVM_CONTRACTS.dlnSource.toLowerCase())
    const configured = { dlnSource: '0xaa', dlnDestination: '0xbb', forwarder: '0xcc' }
    expect(evmAllowList(100000017, configured)).toEqual(configured)
    expect(CHAINS[7565164].contracts).toMatchObject({ kind: 'solana' })
  })
})
