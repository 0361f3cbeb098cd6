import { join } from 'node:path'
import { type Address, erc20Abi, type Hex } from 'viem'
import { expect } from 'vitest'
import { devnetEvmAccount } from '../../src/devnet/devnetAccounts.ts'
import type { Devnet } from '../../src/devnet/startDevnet.ts'
import type { OrderRecord } from '../../src/store/journalTypes.ts'
import { openJournal } from '../../src/store/openJournal.ts'
import { jsonEvents, runFerry } from './runFerry.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from './writeDevnetLiveConfig.ts'

const USDC: Record<number, Address> = {
  42161: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  8453: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
}

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
) {
  const user = devnetEvmAccount('user').address
  const usdcOf = (chainId: number): Promise<bigint> =>
    devnet.evm
      .find((c) => c.chainId === chainId)!
      .client.readContract({
        address: USDC[chainId]!,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [user],
      })
  const config = join(dir, `${name}.yaml`)
  const journalPath = join(dir, `${name}.sqlite`)
  writeDevnetLiveConfig(devnet, config, {
    killSwitchFile: `${name}.kill`,
    tracking: `  deadlineMs: 10000\n  pollIntervalMs: 200\n${tracking}`,
  })
  const before = { arbitrum: await usdcOf(42161), base: await usdcOf(8453) }
  const run = await runFerry(
    ['run', config, '--live', '--once', '--json', '--journal', journalPath],
    { [DEVNET_KEY_ENV]: devnetEvmAccount('user').privateKey },
    90_000,
  )
  expect(run.stderr).toBe('')
  expect(run.code).toBe(0)
  const events = jsonEvents(run.stdout)
  const created = events.filter((e) => e.type === 'created')
  expect(created).toHaveLength(1)
  const orderId = created[0]!.orderId as Hex
  const intentId = created[0]!.intentId as string
  const journal = openJournal(journalPath)
  try {
    return {
      events,
      orderId,
      order: journal.getOrder(orderId) as OrderRecord,
      intent: journal.getIntent(intentId)!,
      attempts: journal.attemptsOf(intentId).map((a) => `${a.kind}@${a.chainId}`),
      arbitrumDelta: (await usdcOf(42161)) - before.arbitrum,
      baseDelta: (await usdcOf(8453)) - before.base,
    }
  } finally {
    journal.close()
  }
}
