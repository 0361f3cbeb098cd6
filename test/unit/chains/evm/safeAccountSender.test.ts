import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256 } from 'viem'
import { describe, expect, test } from 'vitest'
import type { EvmSender } from '../../../../src/chains/evm/createEvmSender.ts'
import type { EvmSendRequest } from '../../../../src/chains/evm/EvmSendRequest.ts'
import { createRolesSender } from '../../../../src/chains/evm/safe/createRolesSender.ts'
import { createSafeSender } from '../../../../src/chains/evm/safe/createSafeSender.ts'
import { unwrapSafeExec } from '../../../../src/chains/evm/safe/unwrapSafeExec.ts'
import { evmAllowList } from '../../../../src/chains/evmAllowList.ts'
import { VerificationError } from '../../../../src/common/VerificationError.ts'

// docs/safety.md "Treasury accounts": both Safe modes bind an approve to its kind before wrapping.
const SAFE = '0x5afe00000000000000000000000000000000cafe' as Address
const KEY = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as Address
const USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
const roles = {
  modifier: '0x4010000000000000000000000000000000000001' as Address,
  roleKey: `0x${'66'.padEnd(64, '0')}` as Hex,
}
const forwarder = evmAllowList(42161)!.forwarder as Address

/** The key's own sender, reduced to what the wrappers touch; records what reaches it. */
function keySender(sent: EvmSendRequest[]): EvmSender {
  return {
    chainId: 42161,
    address: KEY,
    rpc: {
      read: {
        readContract: async ({ functionName }: { functionName: string }) =>
          functionName === 'nonce' ? 7n : `0x${'ab'.repeat(32)}`,
      },
    },
    send: async (request: EvmSendRequest) => {
      sent.push(request)
      return { hash: `0x${'01'.repeat(32)}` }
    },
  } as unknown as EvmSender
}

const approveAll: Hex = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'approve',
  args: [forwarder, maxUint256],
})
const request = (kind: EvmSendRequest['kind']): EvmSendRequest =>
  ({ kind, to: USDC, value: 0n, data: approveAll, gasLimit: 100_000n }) as EvmSendRequest

describe.each([
  ['owner', (inner: EvmSender) => createSafeSender(inner, SAFE)],
  ['roles', (inner: EvmSender) => createRolesSender(inner, SAFE, roles)],
] as const)('the %s-mode sender', (_mode, create) => {
  test('behavior: an approve sent as an order is refused on request.kind; nothing reaches the key', async () => {
    const sent: EvmSendRequest[] = []
    const error = await create(keySender(sent))
      .send(request('order'))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VerificationError)
    expect((error as VerificationError).field).toBe('request.kind')
    expect(sent).toEqual([])
  })

  test('default: the same approve sent as an approve goes out wrapped, decoding back to itself', async () => {
    const sent: EvmSendRequest[] = []
    await create(keySender(sent)).send(request('approve'))
    expect(sent).toHaveLength(1)
    expect(sent[0]!.to).not.toBe(USDC) // the Safe or the modifier, never the token itself
    const inner = unwrapSafeExec({ to: sent[0]!.to, data: sent[0]!.data })
    expect({ to: inner.to.toLowerCase(), data: inner.data }).toEqual({ to: USDC, data: approveAll })
  })
})
