import { join } from 'node:path'
import { type Address, erc20Abi, type Hex } from 'viem'
import { expect } from 'vitest'
import { devnetEvmAccount } from '../../src/devnet/devnetAccounts.ts'
import type { Devnet } from '../../src/devnet/startDevnet.ts'
import { openJournal } from '../../src/store/openJournal.ts'
import { jsonEvents, runFerry } from './runFerry.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from './writeDevnetLiveConfig.ts'

const ARB_USDC: Address = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'

/**
 * Runs `ferry run --live --once` with `tracking.autoCancel` (10 s deadline) against a devnet
 * whose one order will not be filled, and asserts the whole cancel path: exit 0, one order, the
 * cancel mined on Base, the intent ended `cancelled` and every unit of USDC back on Arbitrum.
 * Returns the run's events and the order's journal facts for the caller's own assertions.
 */
export async function runAutoCancelScenario(devnet: Devnet, dir: string, name: string) {
  const user = devnetEvmAccount('user')
  const usdcOnArb = (): Promise<bigint> =>
    devnet.evm
      .find((c) => c.chainId === 42161)!
      .client.readContract({
        address: ARB_USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [user.address],
      })
  const config = join(dir, `${name}.yaml`)
  const journalPath = join(dir, `${name}.sqlite`)
  writeDevnetLiveConfig(devnet, config, {
    killSwitchFile: `${name}.kill`,
    tracking: '  deadlineMs: 10000\n  autoCancel: true\n  pollIntervalMs: 200\n',
  })
  const before = await usdcOnArb()
  const run = await runFerry(
    ['run', config, '--live', '--once', '--json', '--journal', journalPath],
    { [DEVNET_KEY_ENV]: user.privateKey },
    90_000,
  )
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  const events = jsonEvents(run.stdout)
  const created = events.filter((e) => e.type === 'created')
  expect(created).toHaveLength(1)
  const orderId = created[0]!.orderId as Hex
  const intentId = created[0]!.intentId as string
  expect(events.find((e) => e.type === 'cancelled')).toMatchObject({ orderId, chainId: 8453 })
  expect(events.at(-1)).toMatchObject({ type: 'terminal', orderId, state: 'cancelled' })
  // Every unit of the order's USDC came back to our source address.
  expect(await usdcOnArb()).toBe(before)
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
