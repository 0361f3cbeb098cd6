import type { JournalStore } from '../../../../src/store/contract/JournalStore.ts'
import type { SignedAttemptParams } from '../../../../src/store/sqlite/createSendRecords.ts'

export const FROM = '0x00000000000000000000000000000000000000Aa'
export const DAY_MS = 86_400_000
export const HUGE = 2n ** 255n + 12_345n

/** Journals intent `id` on route `route` worth `notionalUsd`. */
export async function journalIntent(
  store: JournalStore,
  id: string,
  route = 'r',
  notionalUsd = 100,
): Promise<void> {
  await store.recordIntent({ id, strategy: 'rebalance', route, params: { id }, notionalUsd })
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

/** A Solana order attempt of `intentId`. */
export function solanaAttempt(intentId: string, hash = '5igSig'): SignedAttemptParams {
  return {
    intentId,
    chainId: 7565164,
    family: 'solana',
    kind: 'order',
    from: 'So1anaFeePayer1111111111111111111111111111',
    attempt: 0,
    rawTx: '0x01ff',
    hash,
    blockhash: 'Bh1',
    lastValidBlockHeight: 1_000,
  }
}
