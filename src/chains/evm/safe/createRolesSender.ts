import type { Address } from 'viem'
import { VerificationError } from '../../../common/VerificationError.ts'
import type { EvmSender } from '../createEvmSender.ts'
import { checkRolesExec } from './checkRolesExec.ts'
import { sameSafeCall } from './checkSafeExec.ts'
import { outerCallOf } from './outerCallOf.ts'
import type { RolesRoute } from './SafeRoute.ts'

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
  const route = { safe, executor: inner.address, roles }
  const wallet = { address: safe, safe: route }
  return {
    chainId: inner.chainId,
    nativeChainId: inner.nativeChainId,
    address: safe,
    safe: route,
    rpc: inner.rpc,
    gasLimitCap: inner.gasLimitCap,
    confirmations: inner.confirmations,
    suggestFees: (level) => inner.suggestFees(level),
    prefetch: (level) => inner.prefetch(level),
    close: () => inner.close(),
    // EIP-2612 recovers the owner's own key, and a Safe has none: a Safe approves instead.
    signPermit: async (permit) => {
      throw new VerificationError('permit.owner', 'an account that signs for itself', permit.owner)
    },
    async send(request) {
      const call = { to: request.to, value: request.value, data: request.data }
      const outer = outerCallOf(wallet, { ...call, gas: request.gasLimit })
      const decoded = checkRolesExec(outer, safe, roles)
      if (!sameSafeCall(decoded, call)) {
        throw new VerificationError('roles.inner', call, decoded, 'is not the call ferry verified')
      }
      return inner.send({
        ...request,
        to: outer.to,
        data: outer.data,
        value: outer.value,
        gasLimit: outer.gas ?? request.gasLimit,
      })
    },
  }
}
