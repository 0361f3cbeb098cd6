import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Address, erc20Abi, type Hex } from 'viem'
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

const usdcOnArb = (): Promise<bigint> =>
  devnet.evm
    .find((c) => c.chainId === 42161)!
    .client.readContract({
      address: ARB_USDC,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [user.address],
    })

describe('a rational devnet solver', () => {
  test('leaves an order whose take is worth more than its give unfilled; ferry follows it to its deadline, cancels it and gets the refund', async () => {
    const config = join(dir, 'unprofitable.yaml')
    const journalPath = join(dir, 'unprofitable.sqlite')
    writeDevnetLiveConfig(devnet, config, {
      killSwitchFile: 'unprofitable.kill',
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
    // The solver saw the order, valued it at the market's prices and refused to lose money.
    expect(skipped).toEqual([
      { orderId, reason: 'unprofitable', marginBps: expect.closeTo(-100, 0) },
    ])
    expect(filled).toEqual([])
    expect(events.find((e) => e.type === 'filled')).toBeUndefined()
    expect(events.find((e) => e.type === 'cancelled')).toMatchObject({ orderId, chainId: 8453 })
    expect(events.at(-1)).toMatchObject({ type: 'terminal', orderId, state: 'cancelled' })
    expect(await usdcOnArb()).toBe(before)
    const journal = openJournal(journalPath)
    try {
      expect(journal.getOrder(orderId)?.state).toBe('ClaimedOrderCancel')
      expect(journal.getIntent(created[0]!.intentId as string)?.state).toBe('cancelled')
    } finally {
      journal.close()
    }
  })
})
