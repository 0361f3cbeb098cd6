import { decodeAbiParameters, type Hex, slice, zeroAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { encodeHookBytes } from '../../../../src/chains/hooks/encodeHookBytes.ts'

const envelope = [
  {
    type: 'tuple',
    components: [
      { name: 'fallbackAddress', type: 'address' },
      { name: 'executorAddress', type: 'address' },
      { name: 'executionFee', type: 'uint160' },
      { name: 'allowDelayedExecution', type: 'bool' },
      { name: 'requireSuccessfullExecution', type: 'bool' },
      { name: 'payload', type: 'bytes' },
    ],
  },
] as const

const decode = (bytes: Hex) => {
  expect(slice(bytes, 0, 1)).toBe('0x01')
  return decodeAbiParameters(envelope, slice(bytes, 1))[0]
}

const recipient = '0x2222222222222222222222222222222222222222'
const target = '0x4444444444444444444444444444444444444444'

describe('encodeHookBytes', () => {
  test('default: no hook, no bytes', () => {
    expect(encodeHookBytes(undefined, recipient)).toBe('0x')
  })

  test('behavior: evm_hook_data_v1 maps one to one onto the v1 envelope', () => {
    const e = decode(
      encodeHookBytes({
        type: 'evm_hook_data_v1',
        data: {
          fallbackAddress: recipient,
          target,
          reward: '1234',
          isNonAtomic: true,
          isSuccessRequired: false,
          targetPayload: '0xcafe',
        },
      }),
    )
    expect(e.fallbackAddress.toLowerCase()).toBe(recipient)
    expect(e.executorAddress.toLowerCase()).toBe(target)
    expect(e.executionFee).toBe(1234n)
    expect([e.allowDelayedExecution, e.requireSuccessfullExecution]).toEqual([true, false])
    expect(e.payload).toBe('0xcafe')
  })

  test('behavior: evm_transaction_call and evm_1 expand to the universal call (docs/dln.md §1.6)', () => {
    const hook = encodeHookBytes(
      { type: 'evm_transaction_call', data: { to: target, calldata: '0xdeadbeef', gas: 50_000 } },
      recipient,
    )
    const e = decode(hook)
    expect(e.fallbackAddress.toLowerCase()).toBe(recipient)
    expect(e.executorAddress).toBe(zeroAddress)
    expect([e.executionFee, e.allowDelayedExecution, e.requireSuccessfullExecution]).toEqual([
      0n,
      false,
      true,
    ])
    const [call] = decodeAbiParameters(
      [
        {
          type: 'tuple',
          components: [
            { name: 'to', type: 'address' },
            { name: 'txGas', type: 'uint32' },
            { name: 'callData', type: 'bytes' },
          ],
        },
      ],
      e.payload,
    )
    expect([call.to.toLowerCase(), call.txGas, call.callData]).toEqual([
      target,
      50_000,
      '0xdeadbeef',
    ])
    const legacy = encodeHookBytes(
      { version: 'evm_1', fields: { to: target, data: '0xdeadbeef', gas: 50_000 } },
      recipient,
    )
    expect(legacy).toBe(hook)
  })

  test('behavior: Solana hooks pass their instruction bytes through', () => {
    expect(
      encodeHookBytes({ type: 'solana_serialized_instructions', data: { instructions: '0x0102' } }),
    ).toBe('0x0102')
    expect(encodeHookBytes({ version: 'solana_1', fields: { calldata: '0x0304' } })).toBe('0x0304')
  })
})
