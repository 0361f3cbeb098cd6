import type { Address, Hex, TransactionReceipt } from 'viem'
import type { Clock } from '../../common/clock.ts'
import { FerryError } from '../../common/FerryError.ts'
import type { Logger } from '../../common/Logger.ts'
import { classifyBroadcastError } from './classifyBroadcastError.ts'
import type { EvmRpc } from './createEvmRpc.ts'
import { receiptOrUndefined } from './receiptOrUndefined.ts'

/** One journaled signature of the nonce being resumed. */
export type JournaledEvmAttempt = {
  hash: string
  rawTx: Hex
  from: string
  nonce: number | undefined
}

/** How the signed transactions of one nonce ended. */
export type EvmResumeOutcome =
  /** One of our hashes is mined at the confirmation depth (its receipt may be reverted). */
  | { kind: 'mined'; hash: Hex; receipt: TransactionReceipt }
  /** The nonce was taken by a transaction that is none of ours: ours can never land. */
  | { kind: 'consumed' }
  /** Neither yet, after `maxWaitMs`: still unknown, reconcile again later (P-2.3). */
  | { kind: 'unknown' }

/** Inputs of {@link resumeEvmAttempts}. Durations in ms. */
export type ResumeEvmAttemptsParams = {
  rpc: EvmRpc
  /** Every journaled signature of one (chain, from, nonce), oldest first. */
  attempts: readonly JournaledEvmAttempt[]
  /** Whether the newest signed bytes may be sent again. False in dry-run: look-ups only. */
  rebroadcast: boolean
  /** Depth at which a receipt counts. Default 1. */
  confirmations?: number
  /** Pause between look-ups. Default 1 000. */
  pollIntervalMs?: number
  /** Least time between two sends of the same bytes. Default 15 000. */
  rebroadcastIntervalMs?: number
  /** Time after which the outcome is `unknown`. Default 120 000. */
  maxWaitMs?: number
  /** Called with the state each attempt reached (journal it). */
  onAttemptState?: (
    hash: string,
    state: 'broadcast' | 'confirmed' | 'failed' | 'dropped',
    error?: string,
  ) => unknown
  clock: Clock
  logger: Logger
}

/**
 * Settles the signed transactions a crashed run left for one EVM nonce (safety P-2.2, P-2.10):
 * (a) looks up the receipt of every journaled hash, (b) compares the account's mined nonce with
 * the journaled one, (c) while the nonce is free, rebroadcasts the newest journaled bytes
 * unchanged (same hash: it can only ever be the one transaction already signed). Nothing is
 * re-signed or re-quoted here; a new request for the intent may follow only a `consumed` answer.
 */
export async function resumeEvmAttempts(
  params: ResumeEvmAttemptsParams,
): Promise<EvmResumeOutcome> {
  const { rpc, attempts, clock, logger } = params
  const newest = attempts.at(-1)
  if (!newest || newest.nonce === undefined) {
    throw new FerryError('nothing to resume: no journaled EVM attempt with a nonce')
  }
  const nonce = newest.nonce
  const from = newest.from as Address
  const confirmations = params.confirmations ?? 1
  const pollIntervalMs = params.pollIntervalMs ?? 1_000
  const rebroadcastIntervalMs = params.rebroadcastIntervalMs ?? 15_000
  const maxWaitMs = params.maxWaitMs ?? 120_000
  const report = params.onAttemptState ?? (() => {})
  const client = rpc.read
  const startedMs = clock.nowMs()
  let lastSendMs = Number.NEGATIVE_INFINITY

  const receiptOf = (hash: string): Promise<TransactionReceipt | undefined> =>
    receiptOrUndefined(client, hash as Hex)
  const minedOne = async (): Promise<TransactionReceipt | undefined> =>
    (await Promise.all(attempts.map((a) => receiptOf(a.hash)))).find((r) => r !== undefined)

  for (;;) {
    const receipt = await minedOne()
    if (receipt) {
      const head = await client.getBlockNumber({ cacheTime: 0 })
      if (Number(head - receipt.blockNumber) + 1 >= confirmations) {
        for (const a of attempts) {
          if (a.hash.toLowerCase() === receipt.transactionHash.toLowerCase()) {
            await report(a.hash, receipt.status === 'success' ? 'confirmed' : 'failed')
          } else await report(a.hash, 'dropped', 'another signature of the nonce was mined')
        }
        return { kind: 'mined', hash: receipt.transactionHash, receipt }
      }
    } else {
      const minedCount = await client.getTransactionCount({ address: from, blockTag: 'latest' })
      // Checked again after the count: a receipt that appeared in between is ours, not foreign.
      if (minedCount > nonce && !(await minedOne())) {
        for (const a of attempts)
          await report(a.hash, 'dropped', `nonce ${nonce} went to another tx`)
        return { kind: 'consumed' }
      }
      if (params.rebroadcast && clock.nowMs() - lastSendMs >= rebroadcastIntervalMs) {
        lastSendMs = clock.nowMs()
        try {
          await rpc.sendRawTransaction(newest.rawTx)
          await report(newest.hash, 'broadcast')
          logger.info({ hash: newest.hash, nonce }, 'rebroadcast the journaled transaction')
        } catch (error) {
          const kind = classifyBroadcastError(error)
          if (kind === 'known') await report(newest.hash, 'broadcast')
          logger.warn({ hash: newest.hash, nonce, kind }, 'rebroadcast answered with an error')
        }
      }
    }
    if (clock.nowMs() - startedMs >= maxWaitMs) return { kind: 'unknown' }
    await clock.sleepMs(pollIntervalMs)
  }
}
