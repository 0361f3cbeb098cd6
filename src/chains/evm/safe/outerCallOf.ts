import type { Address, Hex } from 'viem'
import { encodeSafeExec } from './encodeSafeExec.ts'
import { SAFE_EXEC_OVERHEAD_GAS, type SafeRoute } from './SafeRoute.ts'

/** A call as ferry's key really sends it: from the key, to the target or through the Safe. */
export type OuterCall = { account: Address; to: Address; data: Hex; value: bigint; gas?: bigint }

/**
 * The transaction the key signs for `call` made by `wallet`: the call itself from the wallet's
 * own key, or, with a Safe route, `execTransaction` on the Safe from the executor with no value
 * and the Safe's overhead on the gas limit. What ferry simulates is always this outer call, so
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
  const { safe, executor } = wallet.safe
  return {
    account: executor,
    to: safe,
    data: encodeSafeExec({ to: call.to, value: call.value, data: call.data }, executor),
    value: 0n,
    ...(gas === undefined ? {} : { gas: gas + SAFE_EXEC_OVERHEAD_GAS }),
  }
}
