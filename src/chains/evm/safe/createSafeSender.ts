import type { Address } from 'viem'
import type { EvmSender } from '../createEvmSender.ts'
import type { EvmSendRequest } from '../EvmSendRequest.ts'
import { checkSafeExec } from './checkSafeExec.ts'
import { safeAbi } from './safeAbi.ts'
import { safeAccountSender } from './safeAccountSender.ts'

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
  return safeAccountSender({
    inner,
    route: { safe, executor: inner.address },
    field: 'safe.inner',
    decode: (outer) => checkSafeExec(outer, safe, inner.address),
    async sendOuter(request, outer) {
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
        args: [request.to, request.value, request.data, 0, 0n, 0n, 0n, ZERO, ZERO, safeNonce],
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
  })
}

const ZERO = '0x0000000000000000000000000000000000000000' as Address
