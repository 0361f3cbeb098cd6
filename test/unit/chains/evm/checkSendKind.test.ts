import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { checkSendKind } from '../../../../src/chains/evm/checkSendKind.ts'
import type { EvmSendKind } from '../../../../src/chains/evm/sendJournal.ts'
import { evmAllowList } from '../../../../src/chains/evmAllowList.ts'
import { VerificationError } from '../../../../src/common/VerificationError.ts'

// docs/safety.md "Treasury accounts": an ERC-20 approve is signed only as an approval.
const forwarder = evmAllowList(42161)!.forwarder as Address
const approve = (amount: bigint): Hex =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [forwarder, amount] })
const fieldOf = (kind: EvmSendKind, data: Hex): string | undefined => {
  try {
    checkSendKind({ kind, data })
    return undefined
  } catch (e) {
    expect(e).toBeInstanceOf(VerificationError)
    return (e as VerificationError).field
  }
}

describe('checkSendKind', () => {
  test('default: an approve passes as an approve at any amount, and as a revoke at 0', () => {
    expect(fieldOf('approve', approve(maxUint256))).toBeUndefined()
    expect(fieldOf('approve', approve(5n))).toBeUndefined()
    expect(fieldOf('revoke', approve(0n))).toBeUndefined()
  })

  test.each(['order', 'swap', 'cancel', 'patch', 'fence'] as const)(
    'behavior: an approve sent as %s is refused (request.kind)',
    (kind) => {
      expect(fieldOf(kind, approve(maxUint256))).toBe('request.kind')
    },
  )

  test('behavior: a revoke that approves anything but 0, or cannot be decoded, is refused', () => {
    expect(fieldOf('revoke', approve(1n))).toBe('approve.amount')
    expect(fieldOf('revoke', '0x095ea7b3')).toBe('approve.amount')
  })

  test('default: calls that are not an approve are left to the other checks', () => {
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [forwarder, 1n],
    })
    expect(fieldOf('order', transfer)).toBeUndefined()
    expect(fieldOf('fence', '0x')).toBeUndefined()
    expect(fieldOf('approve', '0x')).toBeUndefined()
  })
})
