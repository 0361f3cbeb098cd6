import { expect } from 'vitest'
import type { Devnet } from '../../src/devnet/startDevnet.ts'
import { openJournal } from '../../src/store/sqlite/openJournal.ts'
import { runLiveOnce } from './runLiveOnce.ts'
import { userUsdcOn } from './userUsdcOn.ts'

/**
 * Runs `ferry run --live --once` with `tracking.autoCancel` (10 s deadline) against a devnet
 * whose one order will not be filled, and asserts the whole cancel path: exit 0, one order, the
 * cancel mined on Base, the intent ended `cancelled` and every unit of USDC back on Arbitrum.
 * Returns the run's events and the order's journal facts for the caller's own assertions.
 */
export async function runAutoCancelScenario(devnet: Devnet, dir: string, name: string) {
  const before = await userUsdcOn(devnet, 42161)
  const { events, orderId, intentId, journalPath } = await runLiveOnce(
    devnet,
    dir,
    name,
    '  deadlineMs: 10000\n  autoCancel: true\n  pollIntervalMs: 200\n',
  )
  expect(events.find((e) => e.type === 'cancelled')).toMatchObject({ orderId, chainId: 8453 })
  expect(events.at(-1)).toMatchObject({ type: 'terminal', orderId, state: 'cancelled' })
  // Every unit of the order's USDC came back to our source address.
  expect(await userUsdcOn(devnet, 42161)).toBe(before)
  const journal = openJournal(journalPath)
  try {
    expect(journal.getOrder(orderId)?.state).toBe('ClaimedOrderCancel')
    expect(journal.getIntent(intentId)?.state).toBe('cancelled')
    return {
      events,
      orderId,
      attempts: journal.attemptsOf(intentId).map((a) => `${a.kind}@${a.chainId}`),
    }
  } finally {
    journal.close()
  }
}
