import { encodeFunctionData, type Hex } from 'viem'
import type { SafeInnerCall } from './encodeSafeExec.ts'
import { rolesAbi } from './rolesAbi.ts'

/**
 * The calldata of the Roles modifier's `execTransactionWithRole` that makes the Safe run `inner`
 * as a CALL (operation 0) under `roleKey`, with `shouldRevert` true: a failing inner call reverts
 * the whole transaction, so the receipt's status is the inner call's (docs/safety.md "Treasury
 * accounts", roles mode).
 */
export function encodeRolesExec(inner: SafeInnerCall, roleKey: Hex): Hex {
  return encodeFunctionData({
    abi: rolesAbi,
    functionName: 'execTransactionWithRole',
    args: [inner.to, inner.value, inner.data, 0, roleKey, true],
  })
}
