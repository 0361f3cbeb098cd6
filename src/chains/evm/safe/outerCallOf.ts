import type { Address, Hex } from 'viem'
import { encodeRolesExec } from './encodeRolesExec.ts'
import { encodeSafeExec } from './encodeSafeExec.ts'
import { ROLES_EXEC_OVERHEAD_GAS, SAFE_EXEC_OVERHEAD_GAS, type SafeRoute } from './SafeRoute.ts'

/** A call as ferry's key really sends it: from the key, to the target or through the Safe. */
export type OuterCall = { account: Address; to: Address; data: Hex; value: bigint; gas?: bigint }

/**
 * The transaction the key signs for `call` made by `wallet`: the call itself from the wallet's
 * own key, or, with a Safe route, `execTransaction` on the Safe (owner mode) or
 * `execTransactionWithRole` on the Roles modifier (roles mode) from the executor with no value and
 * the route's overhead on the gas limit. What ferry simulates is always this outer call, so
 * the simulation runs the exact bytes it signs.
 */
export function outerCallOf(
  wallet: { address: Address; safe?: SafeRoute | undefined },
  call: { to: Address; data: Hex; value: bigint; gas?: bigint | undefined },
): OuterCall {
  const gas = call.gas
  if (!wallet.safe) {
    return {
      account: wallet.address,
      to: call.to,
      data: call.data,
      value: call.value,
      ...(gas === undefined ? {} : { gas }),
    }
  }
  const { safe, executor, roles } = wallet.safe
  const inner = { to: call.to, value: call.value, data: call.data }
  if (roles) {
    return {
      account: executor,
      to: roles.modifier,
      data: encodeRolesExec(inner, roles.roleKey),
      value: 0n,
      ...(gas === undefined ? {} : { gas: gas + ROLES_EXEC_OVERHEAD_GAS }),
    }
  }
  return {
    account: executor,
    to: safe,
    data: encodeSafeExec(inner, executor),
    value: 0n,
    ...(gas === undefined ? {} : { gas: gas + SAFE_EXEC_OVERHEAD_GAS }),
  }
}
