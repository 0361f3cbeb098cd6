import { describe, expect, test } from 'vitest'
import { silentLogger } from '../../../src/common/Logger.ts'
import { createIntentLedger } from '../../../src/execute/createIntentLedger.ts'
import { createIntentRunner } from '../../../src/execute/createIntentRunner.ts'
import type { ChainOps, ExecutionOutcome } from '../../../src/execute/executionOutcome.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { evmAttempt, journalIntent } from '../store/fixtures.ts'
import { tmpJournal } from '../store/tmpJournal.ts'
import { buildQuote, USDC_ARB, USDC_BASE } from '../strategies/buildStrategyFixture.ts'

const ORDER_ID = `0x${'0d'.repeat(32)}`

function runnerOver(ops: Partial<ChainOps>) {
  const { journal } = tmpJournal()
  const calls: string[] = []
  const runner = createIntentRunner({
    ops: {
      sending: true,
      execute: async () => ({ kind: 'failed', detail: 'unused' }),
      settle: async (_rec, plan) => {
        calls.push(`settle:${plan.kind}`)
        return { kind: 'failed', detail: 'settled' }
      },
      track: async () => {
        calls.push('track')
        return { state: 'completed', detail: 'filled' }
      },
      followRefund: async (order) => {
        calls.push(`refund:${order.orderId}`)
        return { state: 'cancelled', detail: 'refunded' }
      },
      ...ops,
    },
    ledger: createIntentLedger(toJournalStore(journal)),
    journal: toJournalStore(journal),
    logger: silentLogger,
  })
  const events: EngineEvent[] = []
  return { runner, journal, calls, events, emit: (e: EngineEvent) => events.push(e) }
}

const route = {
  kind: 'crossChain' as const,
  requestId: 'move',
  routeId: 'arb->base',
  srcChainId: 42161,
  srcToken: USDC_ARB,
  dstChainId: 8453,
  dstToken: USDC_BASE,
  amountIn: 1_000_000n,
  recipient: '0x1111111111111111111111111111111111111111',
}
const intent = {
  route,
  quote: buildQuote(route, 999_000n),
  amountIn: 1_000_000n,
  minAmountOut: 990_000n,
  recipient: route.recipient,
  notionalUsd: 1,
  reason: 'test',
}

describe('the intent runner: the one state machine of an intent', () => {
  test.each<[ExecutionOutcome, string, string | undefined]>([
    [{ kind: 'refused', detail: 'tx.to is not allow-listed' }, 'failed', 'refused'],
    [{ kind: 'moved', detail: 'quote moved' }, 'failed', 'failed'],
    [{ kind: 'failed', detail: 'reverted' }, 'failed', 'failed'],
    [{ kind: 'swapped', hash: '0xab', chainId: 42161 }, 'completed', 'completed'],
    [{ kind: 'unknown', detail: 'no receipt yet' }, 'journaled', undefined],
  ])(
    'behavior: an execution that ends %o leaves the intent %s and reports %s',
    async (outcome, state, shown) => {
      const { runner, journal, events, emit } = runnerOver({ execute: async () => outcome })
      await runner.run({ strategyId: 's', intentId: 'i1', intent }, emit)
      expect(journal.getIntent('i1')?.state).toBe(state)
      const end = events.find((e) => e.type === 'terminal')
      if (shown === undefined) expect(events.map((e) => e.type)).toEqual(['unsettled'])
      else
        expect(end).toMatchObject({
          state: shown,
          ...(outcome.kind === 'moved' ? { economics: true } : {}),
        })
    },
  )

  test('behavior: reconcile tracks a created order, settles signed bytes, abandons what never signed, finishes a refund', async () => {
    const { runner, journal, calls, events, emit } = runnerOver({})
    // A created order: tracked to its end.
    journalIntent(journal, 'created')
    journal.recordOrder({
      orderId: ORDER_ID as `0x${string}`,
      intentId: 'created',
      srcChainId: 42161,
      dstChainId: 8453,
      state: 'Created',
      createTxHash: '0xaa',
    })
    // Signed order bytes: resumed from the journal, never re-quoted.
    journalIntent(journal, 'signed')
    journal.recordSignedAttempt(evmAttempt('signed', 7))
    // Nothing signed: abandoned.
    journalIntent(journal, 'bare')
    // A claimed cancel: the journal alone proves the end.
    journalIntent(journal, 'refunded')
    journal.recordOrder({
      orderId: `0x${'0e'.repeat(32)}`,
      intentId: 'refunded',
      srcChainId: 42161,
      dstChainId: 8453,
      state: 'Created',
      createTxHash: '0xbb',
    })
    journal.setOrderState(`0x${'0e'.repeat(32)}`, 'OrderCancelled')
    journal.setOrderState(`0x${'0e'.repeat(32)}`, 'SentOrderCancel')
    journal.setOrderState(`0x${'0e'.repeat(32)}`, 'ClaimedOrderCancel')
    await runner.reconcile(emit)
    await runner.drain()
    expect(calls.sort()).toEqual(['settle:abandon', 'settle:resume', 'track'])
    expect(events.filter((e) => e.type === 'reconcile').map((e) => e.plan)).toEqual([
      'track',
      'resume',
      'abandon',
      'finish',
    ])
    expect(journal.getIntent('created')?.state).toBe('completed')
    expect(journal.getIntent('refunded')?.state).toBe('cancelled')
    expect(journal.getIntent('bare')?.state).toBe('failed')
    expect(journal.pendingReconciliations()).toEqual([])
  })

  test('behavior: an order left cancelled but not refunded is followed to its refund, no person needed', async () => {
    const { runner, journal, calls, events, emit } = runnerOver({})
    const orderId = `0x${'0c'.repeat(32)}`
    journalIntent(journal, 'cancelling')
    journal.recordOrder({
      orderId: orderId as `0x${string}`,
      intentId: 'cancelling',
      srcChainId: 42161,
      dstChainId: 8453,
      state: 'Created',
      createTxHash: '0xcc',
    })
    journal.setOrderState(orderId, 'OrderCancelled')
    await runner.reconcile(emit)
    await runner.drain()
    expect(calls).toEqual([`refund:${orderId}`])
    expect(events.find((e) => e.type === 'reconcile')).toMatchObject({ plan: 'refund' })
    expect(events.at(-1)).toMatchObject({
      type: 'terminal',
      intentId: 'cancelling',
      state: 'cancelled',
    })
    expect(journal.getIntent('cancelling')?.state).toBe('cancelled')
  })

  test('behavior: a refund still in transit leaves the intent in flight for the next start', async () => {
    const { runner, journal, emit } = runnerOver({
      followRefund: async () => {
        throw new Error('the refund has not appeared on the source chain')
      },
    })
    const orderId = `0x${'0d'.repeat(32)}`
    journalIntent(journal, 'transit')
    journal.recordOrder({
      orderId: orderId as `0x${string}`,
      intentId: 'transit',
      srcChainId: 42161,
      dstChainId: 8453,
      state: 'Created',
      createTxHash: '0xdd',
    })
    journal.setOrderState(orderId, 'SentOrderCancel')
    await runner.reconcile(emit)
    await runner.drain()
    expect(journal.getIntent('transit')?.state).not.toMatch(/completed|failed|cancelled/)
    expect(journal.pendingReconciliations().map((r) => r.intent.id)).toEqual(['transit'])
  })

  test('behavior: drain with a stop ends tracking at its next wait; the order stays in flight', async () => {
    const { runner, journal, events, emit } = runnerOver({
      execute: async (_i, intentId) => {
        await createIntentLedger(toJournalStore(journal)).created(intentId, {
          orderId: ORDER_ID,
          srcChainId: 42161,
          dstChainId: 8453,
          createTxHash: '0xaa',
        })
        return {
          kind: 'created',
          orderId: ORDER_ID,
          srcChainId: 42161,
          dstChainId: 8453,
          hasHook: false,
        }
      },
      track: (_o, _e, signal) =>
        new Promise((resolve) =>
          signal?.addEventListener('abort', () =>
            resolve({ state: 'interrupted', detail: 'stopping' }),
          ),
        ),
    })
    await runner.run({ strategyId: 's', intentId: 'i1', intent }, emit)
    expect(runner.tracking()).toBe(1)
    const stop = new AbortController()
    stop.abort()
    await runner.drain(stop.signal)
    expect(runner.tracking()).toBe(0)
    expect(journal.getIntent('i1')?.state).toBe('created')
    expect(events.at(-1)).toMatchObject({ type: 'unsettled', intentId: 'i1' })
  })
})
