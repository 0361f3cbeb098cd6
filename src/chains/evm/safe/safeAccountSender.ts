import { VerificationError } from '../../../common/VerificationError.ts'
import { checkSendKind } from '../checkSendKind.ts'
import type { EvmSender } from '../createEvmSender.ts'
import type { EvmSendRequest } from '../EvmSendRequest.ts'
import { sameSafeCall } from './checkSafeExec.ts'
import type { SafeInnerCall } from './encodeSafeExec.ts'
import { outerCallOf } from './outerCallOf.ts'
import type { SafeRoute } from './SafeRoute.ts'

/** The key's outer call that makes the Safe run one verified call. */
export type SafeOuterCall = ReturnType<typeof outerCallOf>

/**
 * The part every Safe account's sender shares (owner and roles mode; docs/safety.md "Treasury
 * accounts"): `address` is the Safe, whose balances and allowances are the wallet's; reads, fees
 * and the nonce are the key's (`inner`); a permit is refused, since EIP-2612 recovers the owner's
 * own key and a Safe has none. Each send is first bound to its kind (checkSendKind, so no approve
 * rides in as another kind), then wrapped in the mode's outer call, whose exact bytes `decode`
 * must turn back into the very call the caller verified; `sendOuter` journals and broadcasts it.
 */
export function safeAccountSender(params: {
  inner: EvmSender
  route: SafeRoute
  /** The field named when the outer call's inner call differs: `safe.inner` or `roles.inner`. */
  field: string
  decode: (outer: SafeOuterCall) => SafeInnerCall
  sendOuter: (request: EvmSendRequest, outer: SafeOuterCall) => ReturnType<EvmSender['send']>
}): EvmSender {
  const { inner, route } = params
  const wallet = { address: route.safe, safe: route }
  return {
    chainId: inner.chainId,
    nativeChainId: inner.nativeChainId,
    address: route.safe,
    safe: route,
    rpc: inner.rpc,
    gasLimitCap: inner.gasLimitCap,
    confirmations: inner.confirmations,
    suggestFees: (level) => inner.suggestFees(level),
    prefetch: (level) => inner.prefetch(level),
    close: () => inner.close(),
    signPermit: async (permit) => {
      throw new VerificationError('permit.owner', 'an account that signs for itself', permit.owner)
    },
    async send(request) {
      const call = { to: request.to, value: request.value, data: request.data }
      checkSendKind(request)
      const outer = outerCallOf(wallet, { ...call, gas: request.gasLimit })
      const decoded = params.decode(outer)
      if (!sameSafeCall(decoded, call)) {
        throw new VerificationError(params.field, call, decoded, 'is not the call ferry verified')
      }
      return params.sendOuter(request, outer)
    },
  }
}
