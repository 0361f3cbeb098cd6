import type { Devnet } from '../../src/devnet/startDevnet.ts'
import type { OrderRecord } from '../../src/store/contract/journalTypes.ts'
import { openJournal } from '../../src/store/sqlite/openJournal.ts'
import { runLiveOnce } from './runLiveOnce.ts'
import { userUsdcOn } from './userUsdcOn.ts'

/**
 * Runs `ferry run --live --once` against a devnet whose solver waits for a lowered take, with
 * a 10 s tracking deadline and the given `tracking` lines (onStuck and its limits), and returns
 * what happened: the run's events, the one order's journal record, its attempts as
 * `kind@chainId`, the intent's end and how the user's USDC moved on each chain.
 */
export async function runStuckOrderScenario(
  devnet: Devnet,
  dir: string,
  name: string,
  tracking: string,
  options: { dstChainId?: 8453 | 100000002; hook?: boolean } = {},
) {
  const dst = options.dstChainId ?? 8453
  const before = { arbitrum: await userUsdcOn(devnet, 42161), base: await userUsdcOn(devnet, dst) }
  const { events, orderId, intentId, journalPath } = await runLiveOnce(
    devnet,
    dir,
    name,
    `  deadlineMs: 10000\n  pollIntervalMs: 200\n${tracking}`,
    options,
  )
  const journal = openJournal(journalPath)
  try {
    return {
      events,
      orderId,
      order: journal.getOrder(orderId) as OrderRecord,
      intent: journal.getIntent(intentId)!,
      attempts: journal.attemptsOf(intentId).map((a) => `${a.kind}@${a.chainId}`),
      arbitrumDelta: (await userUsdcOn(devnet, 42161)) - before.arbitrum,
      /** On the destination chain (Base unless `dstChainId`). */
      baseDelta: (await userUsdcOn(devnet, dst)) - before.base,
    }
  } finally {
    journal.close()
  }
}
