import type { Connection } from '@solana/web3.js'
import type { Clock } from '../../common/clock.ts'
import type { Logger } from '../../common/Logger.ts'
import { SolanaSendError } from './SolanaSendError.ts'

/** The RPC methods the broadcast loop uses; web3.js's `Connection` has them all. */
export type SolanaBroadcastRpc = Pick<
  Connection,
  'sendRawTransaction' | 'getSignatureStatuses' | 'getBlockHeight'
>

/** Inputs of {@link broadcastSolanaTx}. */
export type BroadcastSolanaTxParams = {
  connection: SolanaBroadcastRpc
  rawTx: Uint8Array
  signature: string
  lastValidBlockHeight: number
  /** The commitment that counts as done. */
  commitment: 'confirmed' | 'finalized'
  /** Pause between status polls, in ms. */
  pollIntervalMs: number
  /** Least time between two sends of the same bytes, in ms. */
  rebroadcastIntervalMs: number
  clock: Clock
  logger: Logger
  signal?: AbortSignal
}

/** How a broadcast ended: landed at the commitment, or expired without landing. */
export type SolanaBroadcastOutcome =
  | { outcome: 'confirmed'; slot: number; sends: number }
  | { outcome: 'expired'; blockHeight: number; sends: number }

/**
 * Sends the same signed bytes (skipPreflight, maxRetries 0: ferry simulated them itself and owns
 * the retry policy) every `rebroadcastIntervalMs` until the signature reaches `commitment`, or
 * until the block height passes `lastValidBlockHeight` with the signature unseen even in the
 * status history, the only point at which it provably can no longer land (safety P-2.16).
 * A landed transaction with an error is a {@link SolanaSendError} `failedOnChain`. A send that
 * errors is logged and retried: only expiry ends an unlanded broadcast.
 */
export async function broadcastSolanaTx(
  params: BroadcastSolanaTxParams,
): Promise<SolanaBroadcastOutcome> {
  const { connection, signature, clock, logger } = params
  let sends = 0
  let lastSendMs = Number.NEGATIVE_INFINITY
  let landed = false
  for (;;) {
    params.signal?.throwIfAborted()
    if (!landed && clock.nowMs() - lastSendMs >= params.rebroadcastIntervalMs) {
      lastSendMs = clock.nowMs()
      sends++
      try {
        await connection.sendRawTransaction(params.rawTx, { skipPreflight: true, maxRetries: 0 })
      } catch (error) {
        logger.warn({ signature, sends, error: (error as Error).message }, 'solana send failed')
      }
    }
    const status = (await connection.getSignatureStatuses([signature])).value[0]
    if (status) {
      landed = true
      if (status.err) {
        throw new SolanaSendError('failedOnChain', 'the order transaction landed with an error', {
          signatures: [signature],
          details: JSON.stringify(status.err),
        })
      }
      const level = status.confirmationStatus
      if (level === 'finalized' || (level === 'confirmed' && params.commitment === 'confirmed')) {
        return { outcome: 'confirmed', slot: status.slot, sends }
      }
    } else {
      const blockHeight = await connection.getBlockHeight('confirmed')
      if (blockHeight > params.lastValidBlockHeight) {
        // A last look in the full history: a landed signature must never be taken for expired.
        const last = await connection.getSignatureStatuses([signature], {
          searchTransactionHistory: true,
        })
        if (!last.value[0]) return { outcome: 'expired', blockHeight, sends }
        continue
      }
    }
    await clock.sleepMs(params.pollIntervalMs, params.signal)
  }
}
