import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { crashLiveRun } from '../../helpers/crashLiveRun.ts'
import { runStuckOrderScenario } from '../../helpers/runStuckOrderScenario.ts'

let devnet: Devnet
let dir: string

beforeAll(async () => {
  // The taker judges every take too high until it is lowered by 5 bps: one 10 bps patch (a step
  // is floored to whole base units, so a 10 bps bar could need a second one).
  // Gnosis (internal id 100000002 on chain 100) is the destination of the first test.
  devnet = await startDevnet({
    evmChainIds: [42161, 8453, 100000002],
    solana: false,
    solver: { fillAtMostTakeBps: 9_995, fillDelayMs: 200 },
  })
  dir = mkdtempSync(join(tmpdir(), 'ferry-onstuck-'))
}, 60_000)
afterAll(async () => {
  await devnet?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('tracking.onStuck: patch in ferry run', () => {
  test('default: a stuck hooked order into Gnosis (internal id 100000002) is patched once with the hook hash, then filled at the patched take; the intent completes', async () => {
    const r = await runStuckOrderScenario(devnet, dir, 'patch', '  onStuck: patch\n', {
      dstChainId: 100000002,
      hook: true,
    })
    const patched = r.events.filter((e) => e.type === 'patched')
    expect(patched).toHaveLength(1)
    expect(patched[0]).toMatchObject({ orderId: r.orderId, chainId: 100000002, patch: 1 })
    const take = BigInt(patched[0]!.takeAmount as string)
    expect(r.events.find((e) => e.type === 'filled')).toMatchObject({
      orderId: r.orderId,
      amountOut: take.toString(),
    })
    expect(r.events.at(-1)).toMatchObject({ type: 'terminal', state: 'completed' })
    expect(r.intent.state).toBe('completed')
    expect(r.order).toMatchObject({ patches: 1, filledAmount: take })
    // The patch went out on Gnosis as its own journaled send, between the order and the fill.
    // Sends are journaled by the node's own (EIP-155) id, which keys their nonces: Gnosis is 100.
    expect(r.attempts).toEqual(['order@42161', 'patch@100'])
    // The receiver got the patched take, less the 1 USDC the demo hook pulls on its way.
    expect(r.baseDelta).toBe(take - 1_000_000n)
  }, 90_000)

  test('a patch that would cost more than the route limit is not sent: the order is cancelled', async () => {
    // One 200 bps step is far above the config's maxCostBps of 150.
    const r = await runStuckOrderScenario(
      devnet,
      dir,
      'tight',
      '  onStuck: patch\n  patchStepBps: 200\n',
    )
    expect(r.events.some((e) => e.type === 'patched')).toBe(false)
    expect(r.events.at(-1)).toMatchObject({ type: 'terminal', state: 'cancelled' })
    expect(String(r.events.at(-1)!.detail)).toMatch(/would cost \d+ bps, above maxCostBps 150/)
    // Orders get exact approvals: one per order.
    expect(r.attempts).toEqual(['order@42161', 'cancel@8453'])
    expect(r.order).toMatchObject({ state: 'ClaimedOrderCancel', patches: 0 })
    expect(r.arbitrumDelta).toBe(0n)
  }, 90_000)

  // maxPatches end to end: this run's one allowed patch is not enough, so the order is cancelled
  // a deadline after it (across a restart; decideStuckAction's unit tests hold the rule itself).
  test('behavior: ferry killed right after broadcasting a patch counts it at the next start: no second patch, then cancel at maxPatches', async () => {
    // No single patch is enough for this taker; the route allows one.
    devnet.solver!.setPolicy({ fillAtMostTakeBps: 9_900, fillDelayMs: 200 })
    const crash = await crashLiveRun(
      devnet,
      dir,
      'restart',
      '  deadlineMs: 10000\n  pollIntervalMs: 200\n  onStuck: patch\n  maxPatches: 1\n',
      'afterPatchSent',
    )
    const { journalPath } = crash
    const orderId = crash.events.find((e) => e.type === 'created')?.orderId as Hex
    const left = openJournal(journalPath)
    // The patch is journaled as a send, not yet counted on the order.
    expect(left.getOrder(orderId)?.patches).toBe(0)
    const intentId = left.getOrder(orderId)!.intentId
    expect(left.attemptsOf(intentId).filter((a) => a.kind === 'patch')).toHaveLength(1)
    left.close()

    // The next start only settles (kill switch): it tracks the order to its deadline again.
    const events = await crash.settle()
    expect(events.some((e) => e.type === 'patched')).toBe(false)
    expect(events.find((e) => e.type === 'terminal')).toMatchObject({
      intentId,
      state: 'cancelled',
    })
    expect(String(events.find((e) => e.type === 'terminal')!.detail)).toContain(
      '1 of maxPatches 1 patches made',
    )
    const journal = openJournal(journalPath)
    try {
      const kinds = journal.attemptsOf(intentId).map((a) => a.kind)
      expect(kinds.filter((k) => k === 'patch')).toHaveLength(1)
      expect(kinds.filter((k) => k === 'cancel')).toHaveLength(1)
      expect(journal.getOrder(orderId)?.state).toBe('ClaimedOrderCancel')
    } finally {
      journal.close()
    }
  }, 120_000)
})
