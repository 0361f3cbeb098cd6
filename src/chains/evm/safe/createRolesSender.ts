import type { Address } from 'viem'
import type { EvmSender } from '../createEvmSender.ts'
import { checkRolesExec } from './checkRolesExec.ts'
import type { RolesRoute } from './SafeRoute.ts'
import { safeAccountSender } from './safeAccountSender.ts'

/**
 * The sender of a Safe in roles mode (docs/safety.md "Treasury accounts"): `address` is the Safe
 * (its balances and allowances are the wallet's), every send is the key's
 * `execTransactionWithRole` on the Roles modifier, signed, journaled, broadcast and followed by
 * `inner` (the key's own serialized sender). Before each send the exact outer bytes are decoded
 * back to the inner call, which must be the call the caller verified ({@link checkRolesExec}).
 * No Safe nonce is involved: the key's nonce alone is the exactly-once handle, as for the key's
 * own wallet.
 */
export function createRolesSender(inner: EvmSender, safe: Address, roles: RolesRoute): EvmSender {
  return safeAccountSender({
    inner,
    route: { safe, executor: inner.address, roles },
    field: 'roles.inner',
    decode: (outer) => checkRolesExec(outer, safe, roles),
    sendOuter: (request, outer) =>
      inner.send({
        ...request,
        to: outer.to,
        data: outer.data,
        value: outer.value,
        gasLimit: outer.gas ?? request.gasLimit,
      }),
  })
}
