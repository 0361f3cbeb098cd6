import type { SignedAttemptParams } from '../../../src/store/sqlite/createSendRecords.ts'
import type { Journal } from '../../../src/store/sqlite/openJournal.ts'

export const FROM = '0x00000000000000000000000000000000000000Aa'

/** Journals intent `id` on route `route` worth `notionalUsd`. */
export function journalIntent(journal: Journal, id: string, route = 'r', notionalUsd = 100): void {
  journal.recordIntent({ id, strategy: 'rebalance', route, params: { id }, notionalUsd })
}

/** An EVM order attempt of `intentId` at `nonce`; `attempt` > 0 is a fee-bumped replacement. */
export function evmAttempt(intentId: string, nonce: number, attempt = 0): SignedAttemptParams {
  const tag = `${nonce.toString(16).padStart(2, '0')}${attempt.toString(16).padStart(2, '0')}`
  return {
    intentId,
    chainId: 42161,
    family: 'evm',
    kind: 'order',
    from: FROM,
    nonce,
    attempt,
    rawTx: `0x02f8${tag}`,
    hash: `0x${tag.padStart(64, 'e')}`,
    orderId: `0x${'0d'.repeat(32)}`,
    maxFeePerGas: 30_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  }
}
