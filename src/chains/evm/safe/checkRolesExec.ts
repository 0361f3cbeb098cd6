import { type Address, decodeFunctionData } from 'viem'
import { VerificationError } from '../../../common/VerificationError.ts'
import type { SafeOuterTx } from './checkSafeExec.ts'
import { encodeRolesExec } from './encodeRolesExec.ts'
import type { SafeInnerCall } from './encodeSafeExec.ts'
import { rolesAbi } from './rolesAbi.ts'
import type { RolesRoute } from './SafeRoute.ts'

/**
 * Decodes an outer transaction of roles mode down to the call the Safe will make, and refuses
 * every modifier call ferry never builds (docs/safety.md "Treasury accounts", roles mode): a
 * target other than the configured modifier, value on the outer call, a selector other than
 * `execTransactionWithRole`, a delegatecall (operation 1), another role key, `shouldRevert`
 * false (a failed inner call would look mined and successful), and an inner call to the Safe or
 * to the modifier (the Safe owns the modifier: calling either changes owners, modules, guards,
 * the threshold or the role's permissions), and any encoding but the canonical one. Returns the inner call, which the caller still holds
 * against the call it verified. @throws VerificationError naming the field.
 */
export function checkRolesExec(tx: SafeOuterTx, safe: Address, roles: RolesRoute): SafeInnerCall {
  if (tx.to.toLowerCase() !== roles.modifier.toLowerCase()) {
    throw new VerificationError('roles.to', roles.modifier, tx.to, 'is not the configured modifier')
  }
  if (tx.value !== 0n) throw new VerificationError('roles.value', 0n, tx.value)
  let decoded: ReturnType<typeof decodeFunctionData<typeof rolesAbi>>
  try {
    decoded = decodeFunctionData({ abi: rolesAbi, data: tx.data })
  } catch {
    throw new VerificationError('roles.data', 'execTransactionWithRole', tx.data.slice(0, 10))
  }
  if (decoded.functionName !== 'execTransactionWithRole') {
    throw new VerificationError('roles.data', 'execTransactionWithRole', decoded.functionName)
  }
  const [to, value, data, operation, roleKey, shouldRevert] = decoded.args
  if (operation !== 0) {
    throw new VerificationError('roles.operation', 0, operation, 'delegatecall is never signed')
  }
  if (roleKey.toLowerCase() !== roles.roleKey.toLowerCase()) {
    throw new VerificationError('roles.roleKey', roles.roleKey, roleKey)
  }
  if (!shouldRevert) throw new VerificationError('roles.shouldRevert', true, shouldRevert)
  for (const own of [safe, roles.modifier]) {
    if (to.toLowerCase() === own.toLowerCase()) {
      throw new VerificationError('roles.inner.to', 'not the Safe or its modifier', to)
    }
  }
  // Byte for byte: no trailing bytes, dirty address bits or other encodings of the same call.
  if (tx.data.toLowerCase() !== encodeRolesExec({ to, value, data }, roleKey).toLowerCase()) {
    throw new VerificationError(
      'roles.data',
      'the canonical encoding',
      tx.data.slice(0, 10),
      'is not canonical',
    )
  }
  return { to, value, data }
}
