import { describe, expect, test } from 'vitest'
import { classifyBroadcastError } from '../../../../src/chains/evm/classifyBroadcastError.ts'
import {
  bumpEvmFees,
  FeeCapError,
  resolveEvmFees,
} from '../../../../src/chains/evm/evmFeePolicy.ts'

const policy = { maxFeePerGasCapWei: 100_000_000_000n, maxPriorityFeePerGasCapWei: 5_000_000_000n }

describe('resolveEvmFees', () => {
  test('default: 2 x next base fee + percentile tip', () => {
    expect(resolveEvmFees(10n ** 9n, 2n * 10n ** 8n, 'normal', policy)).toEqual({
      maxFeePerGas: 2_200_000_000n,
      maxPriorityFeePerGas: 200_000_000n,
    })
  })

  test('behavior: aggressive uses 3 x base fee; caps clamp; a cap below the base fee throws', () => {
    expect(resolveEvmFees(10n ** 9n, 10n ** 8n, 'aggressive', policy).maxFeePerGas).toBe(
      3_100_000_000n,
    )
    expect(resolveEvmFees(60n * 10n ** 9n, 9n * 10n ** 9n, 'normal', policy)).toEqual({
      maxFeePerGas: 100_000_000_000n,
      maxPriorityFeePerGas: 5_000_000_000n,
    })
    expect(() => resolveEvmFees(200n * 10n ** 9n, 0n, 'normal', policy)).toThrow(FeeCapError)
  })
})

describe('bumpEvmFees', () => {
  test('default: both fields up by at least 12.5 % (P-2.9)', () => {
    const next = bumpEvmFees({ maxFeePerGas: 1000n, maxPriorityFeePerGas: 8n }, policy)!
    expect(next.maxFeePerGas * 1000n).toBeGreaterThanOrEqual(1125n * 1000n)
    expect(next.maxPriorityFeePerGas * 1000n).toBeGreaterThanOrEqual(9n * 1000n)
    expect(next.maxPriorityFeePerGas).toBeGreaterThan(8n)
  })

  test('behavior: no bump when a cap leaves no room', () => {
    expect(
      bumpEvmFees({ maxFeePerGas: 95_000_000_000n, maxPriorityFeePerGas: 1n }, policy),
    ).toBeUndefined()
  })
})

describe('classifyBroadcastError', () => {
  test.each([
    ['already known', 'known'],
    ['nonce too low', 'nonceTooLow'],
    ['replacement transaction underpriced', 'underpriced'],
    ['insufficient funds for gas * price + value', 'rejected'],
    ['The request took too long to respond.', 'unknown'],
    ['something new the node says', 'unknown'],
  ])('behavior: %s → %s', (text, kind) => {
    expect(classifyBroadcastError(new Error(text))).toBe(kind)
  })
})
