import type { Address } from 'viem'
import { VerificationError } from '../../../common/VerificationError.ts'
import { checkSendKind } from '../checkSendKind.ts'
import type { EvmSender } from '../createEvmSender.ts'
import type { EvmSendRequest } from '../EvmSendRequest.ts'
import { checkSafeExec, sameSafeCall } from './checkSafeExec.ts'
import { outerCallOf } from './outerCallOf.ts'
import { safeAbi } from './safeAbi.ts'

/** What ferry journals of a Safe transaction before the key signs it (docs/safety.md "Treasury accounts"). */
export type SafeTxNote = { safe: Address; safeTxHash: `0x${string}`; safeNonce: bigint }

/**
 * The sender of a Safe in owner mode: `address` is the Safe (its balances and allowances are the
 * wallet's), every send is the key's `execTransaction` on the Safe, signed, journaled, broadcast
 * and followed by `inner` (the key's own serialized sender, whose nonce is the exactly-once
 * handle). Before each send the exact outer bytes are decoded back to the inner call, which must
 * be the call the caller verified ({@link checkSafeExec}); the Safe's nonce and transaction hash
 * are read before the signature and journaled with the key's attempt (`safeTx`); `onSafeTx`
 * sees them first (the log).
 */
export function createSafeSender(
  inner: EvmSender,
  safe: Address,
  onSafeTx?: (note: SafeTxNote, request: EvmSendRequest) => void | Promise<void>,
): EvmSender {
  const route = { safe, executor: inner.address }
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
    // EIP-2612 recovers the owner's own key; the Safe's owner key is not the Safe, so a Safe
    // approves instead (authorizeOrderInput never asks; this refuses if anything else does).
    signPermit: async (permit) => {
      throw new VerificationError('permit.owner', 'an account that signs for itself', permit.owner)
    },
    async send(request) {
      const call = { to: request.to, value: request.value, data: request.data }
      checkSendKind(request)
      const outer = outerCallOf(wallet, { ...call, gas: request.gasLimit })
      const decoded = checkSafeExec(outer, safe, inner.address)
      if (!sameSafeCall(decoded, call)) {
        throw new VerificationError('safe.inner', call, decoded, 'is not the call ferry verified')
      }
      // Read before the signature and journaled with the attempt (request.safeTx): a restart
      // tells by the Safe nonce whether these bytes may still run as the journaled Safe tx.
      const read = inner.rpc.read
      const safeNonce = await read.readContract({
        address: safe,
        abi: safeAbi,
        functionName: 'nonce',
      })
      const safeTxHash = await read.readContract({
        address: safe,
        abi: safeAbi,
        functionName: 'getTransactionHash',
        args: [call.to, call.value, call.data, 0, 0n, 0n, 0n, ZERO, ZERO, safeNonce],
      })
      const note = { safe, safeTxHash, safeNonce }
      await onSafeTx?.(note, request)
      return inner.send({
        ...request,
        safeTx: note,
        to: outer.to,
        data: outer.data,
        value: outer.value,
        gasLimit: outer.gas ?? request.gasLimit,
      })
    },
  }
}

const ZERO = '0x0000000000000000000000000000000000000000' as Address
