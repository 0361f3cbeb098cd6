import { describe, expect, test } from 'vitest'
import type { OrderFillState } from '../../../src/chains/evm/readOrderFill.ts'
import type { Clock } from '../../../src/common/clock.ts'
import { silentLogger } from '../../../src/common/Logger.ts'
import { createIntentLedger } from '../../../src/execute/createIntentLedger.ts'
import { trackOrder } from '../../../src/execute/trackOrder.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { journalIntent } from '../store/fixtures.ts'
import { tmpJournal } from '../store/tmpJournal.ts'

const ORDER_ID = `0x${'0a'.repeat(32)}`
const SOLANA = 7565164

/** A clock whose every wait passes at once: polls run back to back, the deadline comes fast. */
function steppingClock(): Clock {
  let now = 0
  return {
    nowMs: () => now,
    sleepMs: async (ms) => {
      now += ms
    },
  }
}

async function track(readFill: (orderId: string) => Promise<OrderFillState>) {
  const { journal } = tmpJournal()
  journalIntent(journal, 'i1')
  const ledger = createIntentLedger(toJournalStore(journal))
  await ledger.created('i1', {
    orderId: ORDER_ID,
    srcChainId: 42161,
    dstChainId: SOLANA,
    createTxHash: `0x${'11'.repeat(32)}`,
  })
  const events: EngineEvent[] = []
  const outcome = trackOrder(
    {
      api: {
        getExternalCallProcess: async () => ({ steps: [], totalInstructionsCount: 0 }) as never,
      },
      journal: toJournalStore(journal),
      ledger,
      readFill,
      onStuck: undefined,
      trackingDeadlineMs: 10_000,
      pollIntervalMs: 1_000,
      clock: steppingClock(),
      logger: silentLogger,
    },
    { intentId: 'i1', orderId: ORDER_ID, srcChainId: 42161, dstChainId: SOLANA, hasHook: false },
    (e) => events.push(e),
  )
  return { outcome, journal, events }
}

describe('an order into Solana is completed only with evidence of its fill', () => {
  test('behavior: no take state on Solana, no completion: the order fails at its deadline and never shows filled', async () => {
    let polls = 0
    const { outcome, journal, events } = await track(async () => {
      polls++
      return { kind: 'open' }
    })
    expect(await outcome).toEqual({
      state: 'failed',
      detail: 'not filled before the tracking deadline',
    })
    expect(polls).toBeGreaterThan(5)
    expect(events.some((e) => e.type === 'filled')).toBe(false)
    expect(journal.getIntent('i1')?.state).toBe('created')
    expect(journal.getOrder(ORDER_ID)?.state).toBe('Created')
  })

  test('default: the take state shows the fill: filled, journaled Fulfilled with its transaction, then completed', async () => {
    const fillTx = `0x${'22'.repeat(64)}` as `0x${string}`
    let polls = 0
    const { outcome, journal, events } = await track(async () =>
      ++polls < 3
        ? { kind: 'open' }
        : { kind: 'filled', txHash: fillTx, amountOut: undefined, blockNumber: 9n },
    )
    expect(await outcome).toEqual({ state: 'completed', detail: 'filled' })
    expect(events.find((e) => e.type === 'filled')).toMatchObject({
      chainId: SOLANA,
      txHash: fillTx,
    })
    expect(journal.getOrder(ORDER_ID)).toMatchObject({ state: 'Fulfilled', lastTxHash: fillTx })
    expect(journal.getIntent('i1')?.state).toBe('fulfilled')
  })

  test('behavior: a read that fails is retried at the next poll, never taken as a fill', async () => {
    let polls = 0
    const { outcome } = await track(async () => {
      polls++
      if (polls < 3) throw new Error('RPC timeout')
      return { kind: 'filled', txHash: undefined, amountOut: undefined, blockNumber: undefined }
    })
    expect(await outcome).toEqual({ state: 'completed', detail: 'filled' })
    expect(polls).toBe(3)
  })
})
