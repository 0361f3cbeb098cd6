import type { Logger } from '../../common/Logger.ts'
import { classifyBroadcastError } from './classifyBroadcastError.ts'
import type { EvmRpc } from './createEvmRpc.ts'
import type { EvmSendJournal, EvmSendRecord } from './sendJournal.ts'

/** What one broadcast told the sender: the classifier's verdict, `known` folded into accepted. */
export type BroadcastVerdict = 'accepted' | 'unknown' | 'nonceTooLow' | 'underpriced' | 'rejected'

/**
 * Puts one signed record in the journal, then sends its bytes exactly once (safety P-2.1,
 * P-3.1): `beforeBroadcast` must resolve first, so a journal that cannot persist stops the send.
 * The node's answer is classified (P-2.11) and reported to `afterBroadcast`; nothing is thrown
 * for a node error, since a lost or odd answer is resolved by hash lookup, not by a retry.
 */
export async function broadcastJournaled(
  record: EvmSendRecord,
  deps: {
    rpc: EvmRpc
    journal: EvmSendJournal
    logger: Logger
    onJournaled?: () => void | Promise<void>
  },
): Promise<BroadcastVerdict> {
  const { rpc, journal, logger } = deps
  const { hash, nonce, chainId } = record
  await journal.beforeBroadcast(record)
  await deps.onJournaled?.()
  logger.info(
    { chainId, from: record.from, nonce, hash, attempt: record.attempt, kind: record.kind },
    'broadcasting',
  )
  let verdict: BroadcastVerdict
  let errorText: string | undefined
  try {
    const returned = await rpc.sendRawTransaction(record.rawTx)
    verdict = 'accepted'
    if (returned.toLowerCase() !== hash) {
      logger.warn({ chainId, hash, returned }, 'RPC returned another hash than keccak256(raw)')
    }
  } catch (error) {
    const kind = classifyBroadcastError(error)
    verdict = kind === 'known' ? 'accepted' : kind
    const e = error as { details?: string; shortMessage?: string; message?: string }
    errorText = e.details || e.shortMessage || e.message
    logger.warn({ chainId, hash, nonce, verdict }, 'broadcast answered with an error')
  }
  await journal.afterBroadcast?.({
    hash,
    outcome: verdict === 'accepted' || verdict === 'unknown' ? verdict : 'rejected',
    ...(errorText === undefined ? {} : { error: errorText }),
    record,
  })
  return verdict
}
