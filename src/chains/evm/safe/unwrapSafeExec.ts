import { type Address, decodeFunctionData, type Hex, slice, toFunctionSelector } from 'viem'
import { rolesAbi } from './rolesAbi.ts'
import { safeAbi } from './safeAbi.ts'

const EXEC_SELECTOR = toFunctionSelector(
  'execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)',
)
const ROLES_SELECTOR = toFunctionSelector(
  'execTransactionWithRole(address,uint256,bytes,uint8,bytes32,bool)',
)

/**
 * The call a journaled transaction makes for its wallet: the inner call of a Safe's
 * `execTransaction` (owner mode) or of a Roles modifier's `execTransactionWithRole` (roles mode),
 * else the transaction itself. For readers of signed bytes (reconciliation), which trust them
 * because ferry signed them; never a verification step.
 */
export function unwrapSafeExec(tx: { to: Address; data: Hex }): { to: Address; data: Hex } {
  if (tx.data.length < 10) return tx
  const selector = slice(tx.data, 0, 4).toLowerCase()
  if (selector === EXEC_SELECTOR) {
    const decoded = decodeFunctionData({ abi: safeAbi, data: tx.data })
    if (decoded.functionName !== 'execTransaction') return tx
    const [to, , data] = decoded.args
    return { to, data }
  }
  if (selector === ROLES_SELECTOR) {
    const decoded = decodeFunctionData({ abi: rolesAbi, data: tx.data })
    if (decoded.functionName !== 'execTransactionWithRole') return tx
    const [to, , data] = decoded.args
    return { to, data }
  }
  return tx
}
