import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { crashLiveRun } from '../../helpers/crashLiveRun.ts'
import { runAutoCancelScenario } from '../../helpers/runAutoCancelScenario.ts'
import { userUsdcOn } from '../../helpers/userUsdcOn.ts'

let devnet: Devnet
let dir: string
const skipped: { orderId: Hex; reason: string; marginBps: number }[] = []
const filled: Hex[] = []

beforeAll(async () => {
  // A service that promises 1 % more than the give is worth: every take it quotes costs a solver
  // money. The solver is the honest, rational one (no misbehaviour knob).
  devnet = await startDevnet({ solana: false, quoteConfig: { takerMarginBps: -100 } })
  devnet.solver!.events.on('skipped', (e) => skipped.push(e))
  devnet.solver!.events.on('filled', (e) => filled.push(e.orderId))
  dir = mkdtempSync(join(tmpdir(), 'ferry-unprofitable-'))
}, 60_000)
afterAll(async () => {
  await devnet?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('a rational devnet solver', () => {
  test('leaves an order whose take is worth more than its give unfilled; ferry follows it to its deadline, cancels it and gets the refund', async () => {
    const { events, orderId } = await runAutoCancelScenario(devnet, dir, 'unprofitable')
    // The solver saw the order, valued it at the market's prices and refused to lose money.
    expect(skipped).toEqual([
      { orderId, reason: 'unprofitable', marginBps: expect.closeTo(-100, 0) },
    ])
    expect(filled).toEqual([])
    expect(events.find((e) => e.type === 'filled')).toBeUndefined()
  })
})

describe('a restart after the cancel, before the refund', () => {
  test('behavior: ferry killed once its cancel is sent follows the refund at the next start, never cancelling twice', async () => {
    const before = await userUsdcOn(devnet, 42161)

    // The first run dies right after its cancel is mined and journaled.
    const crash = await crashLiveRun(
      devnet,
      dir,
      'restart',
      '  deadlineMs: 10000\n  autoCancel: true\n  pollIntervalMs: 200\n',
      'afterCancelSent',
    )
    const { journalPath } = crash
    const first = crash.events
    const orderId = first.find((e) => e.type === 'created')?.orderId as Hex
    expect(first.find((e) => e.type === 'cancelled')).toMatchObject({ orderId })
    expect(first.find((e) => e.type === 'terminal')).toBeUndefined()
    const left = openJournal(journalPath)
    const intentId = left.getOrder(orderId)!.intentId
    expect(left.getOrder(orderId)?.state).toBe('SentOrderCancel')
    expect(left.pendingReconciliations().map((r) => r.intent.id)).toEqual([intentId])
    left.close()

    // The next start, under the kill switch so it only settles: the refund is followed to its end.
    const events = await crash.settle()
    expect(events.find((e) => e.type === 'reconcile')).toMatchObject({ intentId, plan: 'refund' })
    expect(events.find((e) => e.type === 'terminal')).toMatchObject({
      intentId,
      state: 'cancelled',
    })
    expect(await userUsdcOn(devnet, 42161)).toBe(before)
    const journal = openJournal(journalPath)
    try {
      expect(journal.getOrder(orderId)?.state).toBe('ClaimedOrderCancel')
      expect(journal.getIntent(intentId)?.state).toBe('cancelled')
      // One cancel on Base, sent by the first run; the restart only followed it.
      expect(journal.attemptsOf(intentId).filter((a) => a.kind === 'cancel')).toHaveLength(1)
      expect(journal.pendingReconciliations()).toEqual([])
    } finally {
      journal.close()
    }
  }, 120_000)
})
