import { encodeFunctionResult, parseAbi, recoverTypedDataAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import {
  decodePermitEnvelope,
  encodePermitEnvelope,
  type OrderPermit,
  permitTypedData,
} from '../../../src/chains/evm/permitEnvelope.ts'
import { checkPermitConsumed } from '../../../src/execute/evm/permitForOrder.ts'
import type { EvmValueFlow } from '../../../src/verify/evmValueFlow.ts'
import { checkPermitPlan, MAX_PERMIT_TTL_S } from '../../../src/verify/orderPermit.ts'

const owner = privateKeyToAccount(generatePrivateKey())
const DLN_SOURCE = '0xeF4fB24aD0916217251F553c0596F8Edc630EB66'
const permit: OrderPermit = {
  token: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  domain: {
    name: 'USD Coin',
    version: '2',
    chainId: 42161,
    verifyingContract: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  },
  owner: owner.address,
  spender: DLN_SOURCE,
  value: 100_000_000n,
  nonce: 4n,
  deadline: 1_000_600n,
}
const abi = parseAbi([
  'function allowance(address,address) view returns (uint256)',
  'function nonces(address) view returns (uint256)',
])

/** A simulated flow whose last two calls read `allowance` and `nonces` after the order. */
function flowAfter(allowance: bigint, nonce: bigint): EvmValueFlow {
  const call = (data: `0x${string}`) => ({
    status: 'success' as const,
    gasUsed: 1n,
    returnData: data,
  })
  return {
    method: 'eth_simulateV1',
    calls: [
      call('0x'),
      call(encodeFunctionResult({ abi, functionName: 'allowance', result: allowance })),
      call(encodeFunctionResult({ abi, functionName: 'nonces', result: nonce })),
    ],
    transfers: [],
    approvals: [],
    native: [],
    createdOrders: [],
  }
}

describe('permit envelopes and the permit checks (docs/safety.md §10, docs/dln.md §4.9)', () => {
  test('default: the envelope is amount ‖ deadline ‖ r ‖ s ‖ v, 129 bytes, and decodes to a signature of the owner', async () => {
    const signature = await owner.signTypedData(permitTypedData(permit))
    const envelope = encodePermitEnvelope(permit.value, permit.deadline, signature)
    expect((envelope.length - 2) / 2).toBe(129)
    const decoded = decodePermitEnvelope(envelope)!
    expect(decoded.value).toBe(permit.value)
    expect(decoded.deadline).toBe(permit.deadline)
    const signer = await recoverTypedDataAddress({
      ...permitTypedData(permit),
      signature: decoded.signature,
    })
    expect(signer).toBe(owner.address)
    expect(decodePermitEnvelope('0x1234')).toBeUndefined()
  })

  test('bad input: a permit to another spender, for another amount, or with a far deadline is refused before signing', () => {
    const plan = { spender: DLN_SOURCE.toLowerCase(), amountIn: permit.value, nowS: 1_000_000n }
    expect(() => checkPermitPlan(permit, plan)).not.toThrow()
    expect(() => checkPermitPlan({ ...permit, spender: owner.address }, plan)).toThrow(
      expect.objectContaining({ field: 'permit.spender' }),
    )
    expect(() => checkPermitPlan({ ...permit, value: permit.value + 1n }, plan)).toThrow(
      expect.objectContaining({ field: 'permit.value' }),
    )
    const far = { ...permit, deadline: plan.nowS + BigInt(MAX_PERMIT_TTL_S) + 1n }
    expect(() => checkPermitPlan(far, plan)).toThrow(
      expect.objectContaining({ field: 'permit.deadline' }),
    )
  })

  test('behavior: the simulated order must consume the permit and leave no allowance', () => {
    const signed = { permit, envelope: '0x' as const }
    const verified = { amountIn: permit.value }
    expect(() => checkPermitConsumed(signed, verified, flowAfter(0n, 5n))).not.toThrow()
    expect(() => checkPermitConsumed(signed, verified, flowAfter(0n, 4n))).toThrow(
      /does not consume the signed permit/,
    )
    expect(() => checkPermitConsumed(signed, verified, flowAfter(1n, 5n))).toThrow(
      /an allowance would stand/,
    )
    expect(() => checkPermitConsumed(signed, { amountIn: 1n }, flowAfter(0n, 5n))).toThrow(
      expect.objectContaining({ field: 'tx.data.giveAmount' }),
    )
    expect(() => checkPermitConsumed(signed, verified, undefined)).toThrow(/no simulation/)
  })
})
