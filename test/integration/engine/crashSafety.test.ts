import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Address, erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { FAIL_POINTS } from '../../../src/execute/failPoints.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

const user = devnetEvmAccount('user')
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
let devnet: Devnet
let dir: string

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
  dir = mkdtempSync(join(tmpdir(), 'ferry-crash-'))
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

/** A live config against the devnet: one rebalance 42161 → 8453 with a hook on arrival. */
function writeConfig(name: string): string {
  return writeDevnetLiveConfig(devnet, join(dir, `${name}.yaml`), {
    killSwitchFile: `${name}.kill`,
    // The approval crash point needs an approve transaction; the others run with the permit.
    ...(name.includes('afterApprovalSent') ? { approvals: 'approve' as const } : {}),
    // 10 000 USDC to move, 1 000 at a time: every case finds a move to make.
    targets: { arbitrum: '990000000000', base: '1010000000000' },
    hook: true,
    tracking: '  deadlineMs: 30000\n  pollIntervalMs: 200\n',
  })
}

const events = jsonEvents

/** orderIds of the CreatedOrder events after `afterBlock`: the truth about orders (P-2.5). */
async function ordersOnChain(afterBlock: bigint): Promise<string[]> {
  const arb = devnet.evm.find((c) => c.chainId === 42161)!
  const logs = await arb.client.getContractEvents({
    address: EVM_CONTRACTS.dlnSource as Address,
    abi: dlnSourceAbi,
    eventName: 'CreatedOrder',
    fromBlock: afterBlock,
  })
  return logs
    .filter((l) => l.blockNumber > afterBlock)
    .map((l) => (l.args as { orderId: string }).orderId.toLowerCase())
}

/** The crash points after which the order can no longer be stopped, so it must exist once. */
const ORDER_EXPECTED: Record<(typeof FAIL_POINTS)[number], boolean> = {
  afterIntentJournaled: false,
  afterApprovalSent: false,
  afterSign: true,
  afterBroadcast: true,
  afterOrderCreated: true,
}

describe('crash safety: SIGKILL at each step of the executor pipeline, then a restart', () => {
  test.each(FAIL_POINTS)(
    'behavior: killed %s, the restart ends every intent with at most one order on chain',
    async (point) => {
      const arb = devnet.evm.find((c) => c.chainId === 42161)!
      const startBlock = await arb.client.getBlockNumber()
      const config = writeConfig(point)
      const journalPath = join(dir, `${point}.sqlite`)
      const env = { [DEVNET_KEY_ENV]: user.privateKey }
      const args = ['run', config, '--live', '--once', '--json', '--journal', journalPath]

      const crashed = await runFerry(args, { ...env, FERRY_CRASH_AT: point }, 60_000)
      expect(crashed.signal).toBe('SIGKILL')
      const before = openJournal(journalPath)
      const [intent] = before.pendingReconciliations()
      before.close()
      // A tick's journal writes are grouped and committed at the next send (docs/operations.md
      // §8.1): killed before any, the intent was never durable, and nothing of it was sent.
      if (point === 'afterIntentJournaled') expect(intent).toBeUndefined()
      else expect(intent?.intent.state).toBeDefined()
      const orderAttempt = intent?.attempts.find((a) => a.kind === 'order')
      if (point === 'afterApprovalSent') {
        expect(intent!.attempts.map((a) => a.kind)).toEqual(['approve'])
      }
      if (point === 'afterSign') expect(orderAttempt?.state).toBe('signed')
      // What follows a send is grouped: its broadcast mark or its order row may be lost with
      // the batch, never its signed bytes, from which the restart finds the rest on chain.
      if (point === 'afterBroadcast' || point === 'afterOrderCreated') {
        expect(['signed', 'broadcast']).toContain(orderAttempt?.state)
        expect(intent!.orders.length).toBeLessThanOrEqual(1)
      }

      // The restart runs with the kill switch on: it may reconcile and track, never start anew.
      writeFileSync(join(dir, `${point}.kill`), 'crash test\n')
      const restarted = await runFerry(args, env, 60_000)
      expect(restarted.stderr).toBe('')
      expect(restarted.code).toBe(0)
      const e = events(restarted.stdout)
      expect(e.filter((x) => x.type === 'reconcile')).toHaveLength(intent ? 1 : 0)
      const decisions = e.filter((x) => x.type === 'decision')
      expect(decisions.every((d) => d.reason === 'killSwitchEngaged')).toBe(true)

      const journal = openJournal(journalPath)
      try {
        expect(journal.pendingReconciliations()).toEqual([])
        // No intent was added by the restart: it only settled the one the crash left.
        expect(journal.history().map((h) => h.intent.id)).toEqual(intent ? [intent.intent.id] : [])
        const onChain = await ordersOnChain(startBlock)
        const journaled = intent ? journal.ordersOf(intent.intent.id).map((o) => o.orderId) : []
        // Every order on chain belongs to the intent, and there is never more than one.
        expect(onChain.length).toBeLessThanOrEqual(1)
        expect(onChain).toEqual(journaled)
        const final = intent ? journal.getIntent(intent.intent.id) : undefined
        if (ORDER_EXPECTED[point]) {
          expect(onChain).toHaveLength(1)
          expect(final?.state).toBe('completed')
          const steps = journal.hookStepsOf(onChain[0]!)
          expect(steps.length).toBeGreaterThan(0)
          expect(steps.every((s) => s.status === 'Executed')).toBe(true)
        } else {
          expect(onChain).toEqual([])
          // Ended by the restart, or never journaled at all (killed before its first commit).
          if (point !== 'afterIntentJournaled') expect(final?.state).toBe('failed')
          // No allowance is left behind for an order that was never sent (P-1.12).
          const allowance = await arb.client.readContract({
            address: USDC_ARB,
            abi: erc20Abi,
            functionName: 'allowance',
            args: [user.address, EVM_CONTRACTS.dlnSource as Address],
          })
          expect(allowance).toBe(0n)
        }
      } finally {
        journal.close()
      }
    },
    150_000,
  )
})
