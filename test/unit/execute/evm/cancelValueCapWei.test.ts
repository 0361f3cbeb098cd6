import { describe, expect, it } from 'vitest'
import {
  type GateNativeFees,
  gateSendValueWei,
} from '../../../../src/chains/evm/gateSendValueWei.ts'
import { cancelValueCapWei } from '../../../../src/execute/evm/cancelValueCapWei.ts'

const global: GateNativeFees = {
  globalFixedNativeFeeWei: 1_000_000_000_000_000n,
  globalTransferFeeBps: 10,
  chainFixedNativeFeeWei: 0n,
  chainTransferFeeBps: 0,
  discountFixBps: 0,
  discountTransferBps: 0,
}

describe('cancelValueCapWei (docs/safety.md §7)', () => {
  it('a per-chain fee 3× the global one still fits under the default cap', () => {
    const fees = { ...global, chainFixedNativeFeeWei: 3n * global.globalFixedNativeFeeWei }
    const cap = cancelValueCapWei({
      gateFees: fees,
      executionFeeWei: 0n,
      fallbackFeeWei: global.globalFixedNativeFeeWei,
    })
    const value = gateSendValueWei(fees, 0n)
    expect(value).toBeGreaterThan(2n * global.globalFixedNativeFeeWei) // the old default refused it
    expect(value).toBeLessThanOrEqual(cap)
    expect(cap).toBe(6_000_000_000_000_000n)
  })

  it('follows the discount and adds the execution fee asked for', () => {
    const fees = { ...global, discountFixBps: 5000 }
    expect(cancelValueCapWei({ gateFees: fees, executionFeeWei: 7n, fallbackFeeWei: 999n })).toBe(
      1_000_000_000_000_007n,
    )
  })

  it('without the gate read, twice the flat fee plus the execution fee', () => {
    expect(
      cancelValueCapWei({ gateFees: undefined, executionFeeWei: 5n, fallbackFeeWei: 10n }),
    ).toBe(25n)
  })
})
