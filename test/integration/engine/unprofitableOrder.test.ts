import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Address, erc20Abi, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { openJournal } from '../../../src/store/openJournal.ts'
import { runAutoCancelScenario } from '../../helpers/runAutoCancelScenario.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

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
    const user = devnetEvmAccount('user')
    const arb = devnet.evm.find((c) => c.chainId === 42161)!
    const usdcOnArb = () =>
      arb.client.readContract({
        address: ARB_USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [user.address],
      })
    const config = join(dir, 'restart.yaml')
    const journalPath = join(dir, 'restart.sqlite')
    writeDevnetLiveConfig(devnet, config, {
      killSwitchFile: 'restart.kill',
      tracking: '  deadlineMs: 10000\n  autoCancel: true\n  pollIntervalMs: 200\n',
    })
    const env = { [DEVNET_KEY_ENV]: user.privateKey }
    const args = ['run', config, '--live', '--once', '--json', '--journal', journalPath]
    const before = await usdcOnArb()

    // The first run dies right after its cancel is mined and journaled.
    const crashed = await runFerry(args, { ...env, FERRY_CRASH_AT: 'afterCancelSent' }, 90_000)
    expect(crashed.signal).toBe('SIGKILL')
    const first = jsonEvents(crashed.stdout)
    const orderId = first.find((e) => e.type === 'created')?.orderId as Hex
    expect(first.find((e) => e.type === 'cancelled')).toMatchObject({ orderId })
    expect(first.find((e) => e.type === 'terminal')).toBeUndefined()
    const left = openJournal(journalPath)
    const intentId = left.getOrder(orderId)!.intentId
    expect(left.getOrder(orderId)?.state).toBe('SentOrderCancel')
    expect(left.pendingReconciliations().map((r) => r.intent.id)).toEqual([intentId])
    left.close()

    // The next start, under the kill switch so it only settles: the refund is followed to its end.
    writeFileSync(join(dir, 'restart.kill'), 'settle only\n')
    const settled = await runFerry(args, env, 90_000)
    expect(settled.stderr).toBe('')
    expect(settled.code).toBe(0)
    const events = jsonEvents(settled.stdout)
    expect(events.find((e) => e.type === 'reconcile')).toMatchObject({ intentId, plan: 'refund' })
    expect(events.find((e) => e.type === 'terminal')).toMatchObject({
      intentId,
      state: 'cancelled',
    })
    expect(await usdcOnArb()).toBe(before)
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
