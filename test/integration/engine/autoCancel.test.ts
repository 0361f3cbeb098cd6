import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Address, erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/sim/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/sim/devnet/startDevnet.ts'
import { openJournal } from '../../../src/store/openJournal.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

const user = devnetEvmAccount('user')
const ARB_USDC: Address = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
let devnet: Devnet
let dir: string

beforeAll(async () => {
  // The solver never fills: the one order of the run stays Created past its deadline.
  devnet = await startDevnet({ solana: false, solver: { neverFill: true } })
  dir = mkdtempSync(join(tmpdir(), 'ferry-autocancel-'))
}, 60_000)
afterAll(async () => {
  await devnet?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const usdcOnArb = (): Promise<bigint> =>
  devnet.evm
    .find((c) => c.chainId === 42161)!
    .client.readContract({
      address: ARB_USDC,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [user.address],
    })

describe('tracking.autoCancel in ferry run', () => {
  test('default: an order unfilled at the deadline is cancelled and refunded; the intent ends cancelled', async () => {
    const config = join(dir, 'auto.yaml')
    const journalPath = join(dir, 'auto.sqlite')
    writeDevnetLiveConfig(devnet, config, {
      killSwitchFile: 'auto.kill',
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
    const orderId = created[0]!.orderId as string
    const cancelled = events.find((e) => e.type === 'cancelled')
    expect(cancelled).toMatchObject({ orderId, chainId: 8453 })
    expect(events.at(-1)).toMatchObject({ type: 'terminal', orderId, state: 'cancelled' })
    expect(String(events.at(-1)!.detail)).toContain('not filled before the tracking deadline')
    // Every unit of the order's USDC came back to our source address.
    expect(await usdcOnArb()).toBe(before)
    const journal = openJournal(journalPath)
    try {
      expect(journal.getOrder(orderId)?.state).toBe('ClaimedOrderCancel')
      const intentId = created[0]!.intentId as string
      expect(journal.getIntent(intentId)?.state).toBe('cancelled')
      expect(journal.attemptsOf(intentId).map((a) => `${a.kind}@${a.chainId}`)).toEqual([
        'approve@42161',
        'order@42161',
        'cancel@8453',
      ])
    } finally {
      journal.close()
    }
  })
})
