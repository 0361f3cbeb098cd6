import { concatHex, encodeAbiParameters, type Hex, zeroAddress } from 'viem'
import type { ExternalCall, NetHook } from '../../api/schemas/hooks.ts'

// DlnExternalCallLib.ExternalCallEnvelopV1, the envelope DlnExternalCallAdapter decodes.
const ENVELOPE_V1 = [
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

// DlnExternalCallLib.ExternalCallPayload: the call the universal executor makes.
const CALL_PAYLOAD = [
  {
    type: 'tuple',
    components: [
      { name: 'to', type: 'address' },
      { name: 'txGas', type: 'uint32' },
      { name: 'callData', type: 'bytes' },
    ],
  },
] as const

type Envelope = {
  fallbackAddress: Hex
  executorAddress: Hex
  executionFee: bigint
  allowDelayedExecution: boolean
  requireSuccessfullExecution: boolean
  payload: Hex
}

const envelope = (e: Envelope): Hex => concatHex(['0x01', encodeAbiParameters(ENVELOPE_V1, [e])])

const universalCall = (fallbackAddress: Hex, to: Hex, gas: number, callData: Hex): Hex =>
  envelope({
    fallbackAddress,
    // Zero executor = the default (universal) executor, as the service expands
    // evm_transaction_call (docs/dln.md §1.6).
    executorAddress: zeroAddress,
    executionFee: 0n,
    allowDelayedExecution: false,
    requireSuccessfullExecution: true,
    payload: encodeAbiParameters(CALL_PAYLOAD, [{ to, txGas: gas, callData }]),
  })

/**
 * The order's `externalCall` bytes for a netHook or legacy externalCall (docs/service.md §4.4). Encoding,
 * deterministic and decodable with viem:
 * - EVM hooks: `0x01` (envelope version) ‖ abi.encode(ExternalCallEnvelopV1{fallbackAddress,
 *   executorAddress, executionFee, allowDelayedExecution, requireSuccessfullExecution, payload}).
 *   `evm_hook_data_v1` maps fallbackAddress, target, reward, isNonAtomic, isSuccessRequired and
 *   targetPayload one to one. `evm_transaction_call` and `evm_1` expand as docs/dln.md §1.6 says:
 *   fallback = the recipient, executor 0x0, fee 0, atomic, success required, and payload
 *   abi.encode(ExternalCallPayload{to, txGas, callData}) (`evm_1` without gas uses 0).
 * - Solana hooks: the serialized instructions (`instructions` / `calldata`) as they are.
 * Returns `0x` without a hook. Throws if a gas value does not fit uint32.
 * @param recipient the order's receiver on the destination (20-byte hex), the fallback of the
 *   universal hook; the zero address on a quote-only request.
 */
export function encodeHookBytes(
  hook: NetHook | ExternalCall | undefined,
  recipient: Hex = zeroAddress,
): Hex {
  if (!hook) return '0x'
  if ('version' in hook) {
    if (hook.version === 'solana_1') return hook.fields.calldata as Hex
    const { to, data, gas } = hook.fields
    return universalCall(recipient, to as Hex, gas ?? 0, data as Hex)
  }
  switch (hook.type) {
    case 'solana_serialized_instructions':
      return hook.data.instructions as Hex
    case 'evm_transaction_call':
      return universalCall(recipient, hook.data.to as Hex, hook.data.gas, hook.data.calldata as Hex)
    case 'evm_hook_data_v1':
      return envelope({
        fallbackAddress: hook.data.fallbackAddress as Hex,
        executorAddress: hook.data.target as Hex,
        executionFee: BigInt(hook.data.reward),
        allowDelayedExecution: hook.data.isNonAtomic,
        requireSuccessfullExecution: hook.data.isSuccessRequired,
        payload: hook.data.targetPayload as Hex,
      })
  }
}
