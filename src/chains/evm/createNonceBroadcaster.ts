import { type Hex, keccak256 } from 'viem'
import { type BroadcastVerdict, broadcastJournaled } from './broadcastJournaled.ts'
import type { EvmSenderContext } from './EvmSenderContext.ts'
import type { EvmSendRequest } from './EvmSendRequest.ts'
import type { EvmFees } from './evmFeePolicy.ts'
import { StaleQuoteError } from './StaleQuoteError.ts'
import type { EvmSendRecord } from './sendJournal.ts'

/** Signs and broadcasts one request's transactions, remembering every hash it signed. */
export type NonceBroadcaster = {
  /** Every hash signed for the request, oldest first (P-2.10). */
  readonly hashes: Hex[]
  /** The fees each hash was signed with. */
  readonly feesOf: Map<Hex, EvmFees>
  /** Signs at `nonce` with `fees` as attempt 0 (again, after a nonce re-sync), and broadcasts. */
  broadcast(nonce: number, fees: EvmFees): Promise<BroadcastVerdict>
  /** Signs a replacement (the next attempt) at `nonce` with `fees`, and broadcasts it. */
  replace(nonce: number, fees: EvmFees): Promise<BroadcastVerdict>
}

/**
 * The signing side of one send: each signature is journaled before its bytes go out
 * (broadcastJournaled, P-2.1) and reported as `broadcast` progress. Attempt 0 honours the
 * request's quote deadline (StaleQuoteError, nothing signed); replacements re-sign bytes already
 * out, so they do not.
 */
export function createNonceBroadcaster(
  ctx: EvmSenderContext,
  req: EvmSendRequest,
): NonceBroadcaster {
  const { signer, clock } = ctx
  const hashes: Hex[] = []
  const feesOf = new Map<Hex, EvmFees>()
  let attempt = 0

  const checkFresh = (): void => {
    if (req.signByMs !== undefined && attempt === 0 && clock.nowMs() > req.signByMs) {
      const quotedAt = req.quotedAtMs ?? req.signByMs
      throw new StaleQuoteError(clock.nowMs() - quotedAt, req.signByMs - quotedAt)
    }
  }
  const signAndBroadcast = async (n: number, f: EvmFees): Promise<BroadcastVerdict> => {
    checkFresh()
    const rawTx = await signer.signTransaction({
      type: 'eip1559',
      chainId: ctx.nativeChainId,
      nonce: n,
      to: req.to,
      data: req.data,
      value: req.value,
      gas: req.gasLimit,
      maxFeePerGas: f.maxFeePerGas,
      maxPriorityFeePerGas: f.maxPriorityFeePerGas,
    })
    const hash = keccak256(rawTx)
    hashes.push(hash)
    feesOf.set(hash, f)
    const record: EvmSendRecord = {
      chainId: ctx.nativeChainId,
      from: signer.address,
      nonce: n,
      hash,
      rawTx,
      kind: req.kind,
      attempt,
      hashesOfNonce: [...hashes],
      maxFeePerGas: f.maxFeePerGas,
      maxPriorityFeePerGas: f.maxPriorityFeePerGas,
      ...(req.intentId === undefined ? {} : { intentId: req.intentId }),
      ...(req.orderId === undefined ? {} : { orderId: req.orderId }),
      ...(req.safeTx === undefined ? {} : { safeTx: req.safeTx }),
    }
    const onJournaled = (): void | Promise<void> =>
      req.onProgress?.({ stage: 'broadcast', hash, nonce: n, attempt: record.attempt })
    return broadcastJournaled(record, {
      rpc: ctx.rpc,
      journal: ctx.journal,
      logger: ctx.logger,
      onJournaled,
    })
  }

  return {
    hashes,
    feesOf,
    broadcast: signAndBroadcast,
    replace: (n, f) => {
      attempt++
      return signAndBroadcast(n, f)
    },
  }
}
