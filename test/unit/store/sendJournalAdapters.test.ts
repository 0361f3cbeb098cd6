import { describe, expect, test } from 'vitest'
import type { EvmSendJournal, EvmSendRecord } from '../../../src/chains/evm/sendJournal.ts'
import type {
  SolanaSendJournal,
  SolanaSendRecord,
} from '../../../src/chains/solana/solanaSendJournal.ts'
import { createEvmSendJournal } from '../../../src/store/contract/createEvmSendJournal.ts'
import { createSolanaSendJournal } from '../../../src/store/contract/createSolanaSendJournal.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { evmAttempt, FROM, journalIntent } from './fixtures.ts'
import { tmpJournal } from './tmpJournal.ts'

describe('send journal adapters', () => {
  test('default: the EVM sender’s journal is durable before broadcast and keeps every outcome', async () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    // Typed as the executor's own interface: this line is the check that the shapes agree.
    const sendJournal: EvmSendJournal = createEvmSendJournal(toJournalStore(journal), {
      intentId: 'i1',
    })
    const base = evmAttempt('i1', 2)
    const record: EvmSendRecord = {
      chainId: 42161,
      from: FROM,
      nonce: 2,
      hash: base.hash as `0x${string}`,
      rawTx: base.rawTx,
      kind: 'order',
      attempt: 0,
      hashesOfNonce: [base.hash as `0x${string}`],
      maxFeePerGas: 30_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      orderId: base.orderId!,
    }
    await sendJournal.beforeBroadcast(record)
    expect(journal.getAttempt(record.hash)).toMatchObject({
      intentId: 'i1',
      state: 'signed',
      nonce: 2,
      orderId: record.orderId,
    })
    // "nonce too low" after our own send can mean our bytes landed: never final here (P-2.7).
    await sendJournal.afterBroadcast?.({
      hash: record.hash,
      outcome: 'rejected',
      error: 'nonce too low',
      record,
    })
    expect(journal.getAttempt(record.hash)).toMatchObject({
      state: 'broadcast',
      error: 'nonce too low',
    })
  })

  test('behavior: a failing journal write rejects beforeBroadcast, so nothing is sent', async () => {
    const { journal } = tmpJournal()
    const sendJournal: EvmSendJournal = createEvmSendJournal(toJournalStore(journal), {
      intentId: 'unknown',
    })
    const base = evmAttempt('unknown', 0)
    await expect(
      sendJournal.beforeBroadcast({
        chainId: 42161,
        from: FROM,
        nonce: 0,
        hash: base.hash as `0x${string}`,
        rawTx: base.rawTx,
        kind: 'order',
        attempt: 0,
        hashesOfNonce: [],
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 1n,
      }),
    ).rejects.toThrow(/FOREIGN KEY/)
  })

  test('behavior: the Solana journal stores hex bytes, then confirmed or dropped', async () => {
    const { journal } = tmpJournal()
    journalIntent(journal, 'sol')
    const sendJournal: SolanaSendJournal = createSolanaSendJournal(toJournalStore(journal), {
      intentId: 'sol',
      from: 'FeePayer111',
    })
    const record = (signature: string, attempt: number): SolanaSendRecord => ({
      signature,
      rawTx: Buffer.from([1, 2, 255]).toString('base64'),
      blockhash: `bh${attempt}`,
      lastValidBlockHeight: 500 + attempt,
      orderId: `0x${'ef'.repeat(32)}`,
      attempt,
      signaturesOfIntent: [signature],
    })
    await sendJournal.beforeBroadcast(record('sigA', 0))
    await sendJournal.onExpired?.(record('sigA', 0), 501)
    await sendJournal.beforeBroadcast(record('sigB', 1))
    await sendJournal.onConfirmed?.(record('sigB', 1), { slot: 77 })
    expect(journal.attemptsOf('sol')).toMatchObject([
      { hash: 'sigA', rawTx: '0x0102ff', state: 'dropped', chainId: 7565164, from: 'FeePayer111' },
      { hash: 'sigB', state: 'confirmed', includedAt: 77, lastValidBlockHeight: 501 },
    ])
  })
})
