import { describe, expect, test } from 'vitest'
import type { EvmSendPrefetch } from '../../../../src/chains/evm/EvmSendPrefetch.ts'
import { type SendMoment, usablePrefetch } from '../../../../src/chains/evm/usablePrefetch.ts'

const fees = { maxFeePerGas: 200n, maxPriorityFeePerGas: 1n }
const counts = { latestCount: 4, pendingCount: 5 }
const prefetch: EvmSendPrefetch = {
  level: 'normal',
  readAtMs: 1_000,
  fees,
  nonce: { counts, generation: 6, chainChecked: false },
}
const moment: SendMoment = {
  nowMs: 1_200,
  level: 'normal',
  generation: 6,
  needsChainCheck: false,
  maxAgeMs: 3_000,
}

describe('usablePrefetch (which reads taken during the quote a send may reuse)', () => {
  test('default: fresh fees and counts with no send in between are both used', () => {
    expect(usablePrefetch(prefetch, moment)).toEqual({ fees, counts })
  })

  test('behavior: a send that ended since the read voids the counts, not the fees', () => {
    expect(usablePrefetch(prefetch, { ...moment, generation: 7 })).toEqual({ fees })
    // Read while a send was under way: no counts were kept at all.
    expect(usablePrefetch({ ...prefetch, nonce: undefined }, moment)).toEqual({ fees })
  })

  test('behavior: reads older than the limit, of another fee level or from a clock gone back, are read again', () => {
    expect(usablePrefetch(prefetch, { ...moment, nowMs: 4_000 })).toEqual({ fees, counts })
    expect(usablePrefetch(prefetch, { ...moment, nowMs: 4_001 })).toEqual({})
    expect(usablePrefetch(prefetch, { ...moment, level: 'aggressive' })).toEqual({})
    expect(usablePrefetch(prefetch, { ...moment, nowMs: 999 })).toEqual({})
    expect(usablePrefetch(undefined, moment)).toEqual({})
  })

  test('behavior: a send that must check the chain id takes counts only from reads that checked it', () => {
    expect(usablePrefetch(prefetch, { ...moment, needsChainCheck: true })).toEqual({ fees })
    const checked = { ...prefetch, nonce: { counts, generation: 6, chainChecked: true } }
    expect(usablePrefetch(checked, { ...moment, needsChainCheck: true })).toEqual({ fees, counts })
  })
})
