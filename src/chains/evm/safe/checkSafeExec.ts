import { type Address, decodeFunctionData, type Hex, zeroAddress } from 'viem'
import { VerificationError } from '../../../common/VerificationError.ts'
import { preValidatedSignature, type SafeInnerCall } from './encodeSafeExec.ts'
import { safeAbi } from './safeAbi.ts'

/** An outer transaction ferry's key would send to a Safe. */
export type SafeOuterTx = { to: Address; value: bigint; data: Hex }

/**
 * Decodes an outer transaction down to the call the Safe will make and refuses every Safe
 * transaction ferry never builds (docs/safety.md "Treasury accounts"): a target other than the
 * configured Safe, value on the outer call, a selector other than execTransaction, a delegatecall
 * (operation 1: the callee would run with the Safe's storage and could change owners, modules,
 * guards or the threshold), a call of the Safe to itself (how owners, modules, guards, the
 * threshold and the fallback handler change), gas refunds, and any signature but the executing
 * owner's pre-validated one. Returns the inner call, which the caller still holds against the call
 * it verified. @throws VerificationError naming the field.
 */
export function checkSafeExec(tx: SafeOuterTx, safe: Address, executor: Address): SafeInnerCall {
  if (tx.to.toLowerCase() !== safe.toLowerCase()) {
    throw new VerificationError('safe.to', safe, tx.to, 'is not the configured Safe')
  }
  if (tx.value !== 0n) throw new VerificationError('safe.value', 0n, tx.value)
  let decoded: ReturnType<typeof decodeFunctionData<typeof safeAbi>>
  try {
    decoded = decodeFunctionData({ abi: safeAbi, data: tx.data })
  } catch {
    throw new VerificationError('safe.data', 'execTransaction', tx.data.slice(0, 10))
  }
  if (decoded.functionName !== 'execTransaction') {
    throw new VerificationError('safe.data', 'execTransaction', decoded.functionName)
  }
  const [to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refund, sigs] =
    decoded.args
  if (operation !== 0) {
    throw new VerificationError('safe.operation', 0, operation, 'delegatecall is never signed')
  }
  if (to.toLowerCase() === safe.toLowerCase()) {
    throw new VerificationError('safe.inner.to', 'not the Safe', to, 'would change the Safe')
  }
  if (safeTxGas !== 0n || baseGas !== 0n || gasPrice !== 0n) {
    throw new VerificationError('safe.gas', '0, 0, 0', `${safeTxGas}, ${baseGas}, ${gasPrice}`)
  }
  if (gasToken !== zeroAddress || refund !== zeroAddress) {
    throw new VerificationError('safe.refund', zeroAddress, `${gasToken}, ${refund}`)
  }
  if (sigs.toLowerCase() !== preValidatedSignature(executor).toLowerCase()) {
    throw new VerificationError('safe.signatures', 'the executing owner only', sigs)
  }
  return { to, value, data }
}

/** Whether `inner` is exactly `expected` (target, value and bytes). */
export function sameSafeCall(inner: SafeInnerCall, expected: SafeInnerCall): boolean {
  return (
    inner.to.toLowerCase() === expected.to.toLowerCase() &&
    inner.value === expected.value &&
    inner.data.toLowerCase() === expected.data.toLowerCase()
  )
}
