import { describe, expect, test } from 'vitest'
import type { Clock } from '../../../src/common/clock.ts'
import { silentLogger } from '../../../src/common/Logger.ts'
import { createIntentLedger } from '../../../src/execute/createIntentLedger.ts'
import type { StuckPolicy } from '../../../src/execute/decideStuckAction.ts'
import type { PatchEvmOrderResult } from '../../../src/execute/evm/patchEvmOrder.ts'
import type { StuckOutcome } from '../../../src/execute/executionOutcome.ts'
import { handleStuckOrder } from '../../../src/execute/handleStuckOrder.ts'
import { trackOrder } from '../../../src/execute/trackOrder.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { journalIntent } from '../store/fixtures.ts'
import { tmpJournal } from '../store/tmpJournal.ts'

const ORDER_ID = `0x${'0b'.repeat(32)}`
const order = {
  intentId: 'i1',
  orderId: ORDER_ID,
  srcChainId: 42161,
  dstChainId: 8453,
  hasHook: false,
}
const PATCH: StuckPolicy = { onStuck: 'patch', maxPatches: 2, patchStepBps: 10 }

/** Runs the policy with a patch step that answers `patched` and records what was asked of it. */
async function handle(policy: StuckPolicy, patch?: () => Promise<PatchEvmOrderResult>) {
  const events: EngineEvent[] = []
  const cancels: (string | undefined)[] = []
  const outcome = await handleStuckOrder({
    order,
    policy,
    patch,
    cancel: async (reason) => {
      cancels.push(reason)
      return { state: 'cancelled', detail: 'refunded' }
    },
    emit: (e) => events.push(e),
    logger: silentLogger,
  })
  return { outcome, events, cancels }
}

describe('handleStuckOrder', () => {
  test('default: a patch is announced and tracking waits on; nothing is cancelled', async () => {
    const r = await handle(PATCH, async () => ({
      kind: 'patched',
      txHash: '0xaa',
      patch: 1,
      newTakeAmount: 997n,
      costBps: 30,
    }))
    expect(r.outcome.state).toBe('waiting')
    expect(r.cancels).toEqual([])
    expect(r.events).toEqual([
      {
        type: 'patched',
        intentId: 'i1',
        orderId: ORDER_ID,
        chainId: 8453,
        txHash: '0xaa',
        patch: 1,
        takeAmount: '997',
        costBps: 30,
      },
    ])
  })

  test('alert ends the intent failed and leaves the order alone', async () => {
    const r = await handle({ ...PATCH, onStuck: 'alert' }, async () => {
      throw new Error('must not patch')
    })
    expect(r.outcome.state).toBe('failed')
    expect(r.cancels).toEqual([])
  })

  test('cancel goes straight to the cancel path', async () => {
    const r = await handle({ ...PATCH, onStuck: 'cancel' })
    expect(r.outcome.state).toBe('cancelled')
    expect(r.cancels).toEqual([undefined])
  })

  test('patching ends in a cancel with the reason: the decision said so, the patch failed, or it cannot run', async () => {
    const decided = await handle(PATCH, async () => ({
      kind: 'decided',
      action: 'cancel',
      detail: '2 of maxPatches 2 patches made',
    }))
    expect(decided.cancels).toEqual(['2 of maxPatches 2 patches made'])
    const failed = await handle(PATCH, async () => {
      throw new Error('simulation reverted')
    })
    expect(failed.cancels).toEqual(['take patch failed: simulation reverted'])
    const none = await handle(PATCH, undefined)
    expect(none.cancels).toHaveLength(1)
    expect(none.outcome.state).toBe('cancelled')
  })
})

describe('trackOrder with a stuck-order policy', () => {
  test('behavior: after a patch the order gets a fresh deadline, and a fill then completes it', async () => {
    let now = 0
    const clock: Clock = {
      nowMs: () => now,
      sleepMs: async (ms) => {
        now += ms
      },
    }
    const { journal } = tmpJournal()
    journalIntent(journal, 'i1')
    const ledger = createIntentLedger(toJournalStore(journal))
    await ledger.created('i1', { ...order, createTxHash: `0x${'11'.repeat(32)}` })
    const stuckAt: number[] = []
    let patchedAtMs: number | undefined
    const outcome = await trackOrder(
      {
        api: {
          getExternalCallProcess: async () => ({ steps: [], totalInstructionsCount: 0 }) as never,
        },
        journal: toJournalStore(journal),
        ledger,
        // Filled 5 s after the patch: within the fresh deadline, past the first one.
        readFill: async () =>
          patchedAtMs !== undefined && now >= patchedAtMs + 5_000
            ? { kind: 'filled', txHash: undefined, amountOut: 997n, blockNumber: 1n }
            : { kind: 'open' },
        onStuck: async (): Promise<StuckOutcome> => {
          stuckAt.push(now)
          patchedAtMs = now
          return { state: 'waiting', detail: 'take patched' }
        },
        trackingDeadlineMs: 10_000,
        pollIntervalMs: 1_000,
        clock,
        logger: silentLogger,
      },
      order,
      () => {},
    )
    expect(outcome).toEqual({ state: 'completed', detail: 'filled' })
    expect(stuckAt).toHaveLength(1)
    expect(journal.getOrder(ORDER_ID)?.filledAmount).toBe(997n)
  })
})
