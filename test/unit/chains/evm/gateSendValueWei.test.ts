import { describe, expect, test } from 'vitest'
import {
  type GateNativeFees,
  gateFeeSplit,
  gateSendValueWei,
} from '../../../../src/chains/evm/gateSendValueWei.ts'

const GLOBAL: GateNativeFees = {
  globalFixedNativeFeeWei: 500_000_000_000_000n,
  globalTransferFeeBps: 0,
  chainFixedNativeFeeWei: 0n,
  chainTransferFeeBps: 0,
  discountFixBps: 0,
  discountTransferBps: 0,
}

describe('gateSendValueWei / gateFeeSplit (DeBridgeGate _send, docs/dln.md §3.5)', () => {
  test('default: only a global fixed fee: value = fee + execution fee', () => {
    expect(gateSendValueWei(GLOBAL, 0n)).toBe(500_000_000_000_000n)
    expect(gateSendValueWei(GLOBAL, 7n)).toBe(500_000_000_000_007n)
  })

  test('behavior: a per-chain fixed fee wins over the global one; the old global-only value reverts', () => {
    const fees = { ...GLOBAL, chainFixedNativeFeeWei: 2_000_000_000_000_000n }
    expect(gateSendValueWei(fees, 0n)).toBe(2_000_000_000_000_000n)
    // What ferry paid before (globalFixedNativeFee + executionFee) does not cover the fees.
    expect(gateFeeSplit(fees, 500_000_000_000_000n, 0n)).toBeUndefined()
  })

  test('behavior: the discount of the caller lowers the fixed fee', () => {
    const fees = { ...GLOBAL, discountFixBps: 2_500 }
    expect(gateSendValueWei(fees, 0n)).toBe(375_000_000_000_000n)
  })

  test('behavior: a transfer fee is taken from what is left after the fixed fee; the value grows so the keeper still gets all of its fee', () => {
    const fees = { ...GLOBAL, chainTransferFeeBps: 100 }
    const exec = 1_000_000_000_000_000n
    const value = gateSendValueWei(fees, exec)
    const split = gateFeeSplit(fees, value, exec)!
    expect(split.executionFeeWei).toBe(exec)
    expect(split.fixedFeeWei).toBe(500_000_000_000_000n)
    expect(split.transferFeeWei).toBe(((value - split.fixedFeeWei) * 100n) / 10_000n)
    // The least such value: one wei less and the keeper's fee is capped below what was asked.
    expect(gateFeeSplit(fees, value - 1n, exec)!.executionFeeWei).toBeLessThan(exec)
    // The old value (fee + execution fee) cuts the keeper's reward by the transfer fee.
    expect(gateFeeSplit(fees, 500_000_000_000_000n + exec, exec)!.executionFeeWei).toBe(
      exec - (exec * 100n) / 10_000n,
    )
  })

  test('behavior: the global transfer fee applies when the chain has none, and its discount too', () => {
    const fees = { ...GLOBAL, globalTransferFeeBps: 10, discountTransferBps: 5_000 }
    const split = gateFeeSplit(fees, 500_000_000_000_000n + 1_000_000n, 0n)!
    expect(split.transferFeeWei).toBe(500n)
  })
})
