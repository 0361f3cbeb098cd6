import { type Address, encodeFunctionData, type Hex, pad, zeroAddress } from 'viem'
import { safeAbi } from './safeAbi.ts'

/** One call for the Safe to make: always a plain CALL (operation 0), never a delegatecall. */
export type SafeInnerCall = { to: Address; value: bigint; data: Hex }

/**
 * Safe's "pre-validated" signature of `owner` (r = owner, s = 0, v = 1): valid when the owner is
 * the transaction's msg.sender, which is how ferry's key executes on a threshold-1 Safe. It binds
 * no Safe nonce, so the same calldata runs at whatever nonce the Safe has when it lands.
 */
export function preValidatedSignature(owner: Address): Hex {
  return `${pad(owner, { size: 32 })}${'0'.repeat(64)}01` as Hex
}

/**
 * The calldata of `Safe.execTransaction` that makes the Safe run `inner` as a CALL, paid by the
 * executing key (safeTxGas, baseGas, gasPrice 0; no gas token, no refund receiver), signed by the
 * executing owner's pre-validated signature. With safeTxGas and gasPrice 0 a failing inner call
 * reverts the whole transaction (Safe's GS013), so the receipt's status is the inner call's.
 */
export function encodeSafeExec(inner: SafeInnerCall, executor: Address): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [
      inner.to,
      inner.value,
      inner.data,
      0,
      0n,
      0n,
      0n,
      zeroAddress,
      zeroAddress,
      preValidatedSignature(executor),
    ],
  })
}
