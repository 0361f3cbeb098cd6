import type { Clock } from '../../common/clock.ts'
import { FerryError } from '../../common/FerryError.ts'
import type { Logger } from '../../common/Logger.ts'
import { broadcastSolanaTx, type SolanaBroadcastRpc } from './broadcastSolanaTx.ts'
import { SolanaSendError } from './SolanaSendError.ts'

/** One journaled signature of the intent being resumed. */
export type JournaledSolanaAttempt = {
  /** The transaction id (fee payer's signature, base58). */
  hash: string
  /** The signed bytes, 0x-hex. */
  rawTx: string
  lastValidBlockHeight: number | undefined
}

/** How the journaled Solana signatures of an intent ended. */
export type SolanaResumeOutcome =
  | { kind: 'landed'; signature: string; slot: number }
  | { kind: 'failedOnChain'; signature: string; detail: string }
  /** Every blockhash expired with no signature ever seen: none can land. */
  | { kind: 'expired' }
  /** Still open, and rebroadcasting is not allowed (dry-run): reconcile again later. */
  | { kind: 'unknown' }

/** Inputs of {@link resumeSolanaAttempts}. Durations in ms. */
export type ResumeSolanaAttemptsParams = {
  connection: SolanaBroadcastRpc
  /** Every journaled signature of the intent, oldest first. */
  attempts: readonly JournaledSolanaAttempt[]
  commitment: 'confirmed' | 'finalized'
  /** Whether the newest signed bytes may be sent again. False in dry-run. */
  rebroadcast: boolean
  pollIntervalMs: number
  onAttemptState?: (signature: string, state: 'confirmed' | 'failed' | 'dropped') => unknown
  clock: Clock
  logger: Logger
}

/**
 * Settles the Solana signatures a crashed run left for one intent (safety P-2.2, P-2.16): looks
 * every journaled signature up in the full status history; if none landed and the newest one's
 * blockhash is still valid, sends those same bytes again until they land or expire. Expiry of the
 * newest blockhash is the only proof that nothing can land (older signatures were re-signed only
 * after their own expiry).
 */
export async function resumeSolanaAttempts(
  params: ResumeSolanaAttemptsParams,
): Promise<SolanaResumeOutcome> {
  const { connection, attempts, logger } = params
  const newest = attempts.at(-1)
  if (!newest || newest.lastValidBlockHeight === undefined) {
    throw new FerryError('nothing to resume: no journaled Solana attempt')
  }
  const report = params.onAttemptState ?? (() => {})
  const statuses = await connection.getSignatureStatuses(
    attempts.map((a) => a.hash),
    { searchTransactionHistory: true },
  )
  for (const [i, status] of statuses.value.entries()) {
    if (!status) continue
    const signature = attempts[i]!.hash
    if (status.err) {
      await report(signature, 'failed')
      return { kind: 'failedOnChain', signature, detail: JSON.stringify(status.err) }
    }
    if (
      status.confirmationStatus === 'finalized' ||
      (status.confirmationStatus === 'confirmed' && params.commitment === 'confirmed')
    ) {
      await report(signature, 'confirmed')
      return { kind: 'landed', signature, slot: status.slot }
    }
  }
  const blockHeight = await connection.getBlockHeight('confirmed')
  if (blockHeight > newest.lastValidBlockHeight && statuses.value.every((s) => !s)) {
    for (const a of attempts) await report(a.hash, 'dropped')
    return { kind: 'expired' }
  }
  if (!params.rebroadcast) return { kind: 'unknown' }
  logger.info({ signature: newest.hash }, 'rebroadcasting the journaled Solana transaction')
  try {
    const result = await broadcastSolanaTx({
      connection,
      rawTx: Buffer.from(newest.rawTx.slice(2), 'hex'),
      signature: newest.hash,
      lastValidBlockHeight: newest.lastValidBlockHeight,
      commitment: params.commitment,
      pollIntervalMs: params.pollIntervalMs,
      rebroadcastIntervalMs: 2_000,
      clock: params.clock,
      logger,
    })
    if (result.outcome === 'confirmed') {
      await report(newest.hash, 'confirmed')
      return { kind: 'landed', signature: newest.hash, slot: result.slot }
    }
    for (const a of attempts) await report(a.hash, 'dropped')
    return { kind: 'expired' }
  } catch (error) {
    if (error instanceof SolanaSendError && error.state === 'failedOnChain') {
      await report(newest.hash, 'failed')
      return { kind: 'failedOnChain', signature: newest.hash, detail: error.shortMessage }
    }
    throw error
  }
}
