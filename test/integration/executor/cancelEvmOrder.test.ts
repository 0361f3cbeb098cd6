import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CancelOrderError } from '../../../src/chains/evm/CancelOrderError.ts'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { readMessagingFee } from '../../../src/chains/evm/readMessagingFee.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import {
  type CancelIntentOrderParams,
  type CancelOrderProgress,
  cancelIntentOrder,
} from '../../../src/execute/cancelIntentOrder.ts'

import { createEvmSendJournal } from '../../../src/store/contract/createEvmSendJournal.ts'
import { type Journal, openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { balanceOf, chainsOf, createJournaledOrder, testSender, user } from './executorHarness.ts'

let devnet: Devnet
let arb: DevnetEvmChain
let base: DevnetEvmChain
let arbSender: EvmSender
let baseSender: EvmSender
let journal: Journal
let dir: string

beforeAll(async () => {
  // A solver that never fills: every order stays Created until ferry cancels it.
  devnet = await startDevnet({ solana: false, solver: { neverFill: true } })
  ;[arb, base] = chainsOf(devnet)
  dir = mkdtempSync(join(tmpdir(), 'ferry-cancel-'))
  journal = openJournal(join(dir, 'journal.sqlite'))
  const sendJournal = createEvmSendJournal(toJournalStore(journal))
  ;({ sender: arbSender } = testSender(arb, { journal: sendJournal }))
  ;({ sender: baseSender } = testSender(base, { journal: sendJournal }))
})
afterAll(async () => {
  arbSender?.close()
  baseSender?.close()
  journal?.close()
  await devnet?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A USDC order 42161 → 8453 journaled without its create tx hash: the cancel finds the create
 * tx among the journaled attempts (journals written before the hash was recorded). */
const createOrder = (intentId: string, amountIn: bigint): Promise<Hex> =>
  createJournaledOrder({
    journal,
    apiUrl: devnet.sim.baseUrl,
    src: arb,
    dst: base,
    sender: arbSender,
    intentId,
    amountIn,
    createTxHash: false,
  })

/** Cancels through the execute step that owns the intent's state (the only writer of it). */
function cancel(orderId: Hex, extra: Partial<Omit<CancelIntentOrderParams, 'journal'>> = {}) {
  const stages: CancelOrderProgress[] = []
  const run = cancelIntentOrder({
    orderId,
    journal: toJournalStore(journal),
    source: arb.client,
    sender: baseSender,
    sourceAddress: user.address,
    sourceConfirmations: 1,
    pollIntervalMs: 50,
    refundTimeoutMs: 30_000,
    onProgress: (e) => stages.push(e),
    ...extra,
  })
  return { run, stages }
}

async function gasSpent(chain: DevnetEvmChain, hashes: string[]): Promise<bigint> {
  let total = 0n
  for (const hash of hashes) {
    const r = await chain.client.getTransactionReceipt({ hash: hash as Hex })
    total += r.gasUsed * r.effectiveGasPrice
  }
  return total
}

describe('cancelEvmOrder against the devnet', () => {
  test('default: an unfilled order is cancelled on 8453 and refunded in full on 42161', async () => {
    const usdc = arb.contracts.tokens.USDC.address
    const usdcBefore = await balanceOf(arb.client, usdc, user.address)
    const ethBefore = await arb.client.getBalance({ address: user.address })
    const orderId = await createOrder('cancel-default', 120_000_000n)
    expect(await balanceOf(arb.client, usdc, user.address)).toBeLessThan(usdcBefore)

    const baseEthBefore = await base.client.getBalance({ address: user.address })
    const { messagingFeeWei, fees } = await readMessagingFee(base.client, {
      dlnDestination: base.contracts.dlnDestination,
      chainIdTo: 42161n,
    })
    // The devnet gate charges messages to Arbitrum its per-chain fee, above the global one: a
    // cancel paying the global fee would revert TransferAmountNotCoverFees (docs/dln.md §3.5).
    expect(fees.chainFixedNativeFeeWei).toBeGreaterThan(fees.globalFixedNativeFeeWei)
    expect(messagingFeeWei).toBe(fees.chainFixedNativeFeeWei)
    const { run, stages } = cancel(orderId)
    const result = await run
    // The cancel paid the gate's fee read on 8453 (the gate refuses less), and nothing else.
    expect(stages.find((s) => s.stage === 'verified')).toMatchObject({ valueWei: messagingFeeWei })
    expect(await base.client.getBalance({ address: user.address })).toBe(
      baseEthBefore - messagingFeeWei - (await gasSpent(base, [result.cancelTxHash as string])),
    )

    // Every unit of the give token is back, and the fixed fee too: only the gas of our own
    // approve and create transactions is gone on the source chain.
    expect(await balanceOf(arb.client, usdc, user.address)).toBe(usdcBefore)
    const arbHashes = journal
      .attemptsOf('cancel-default')
      .filter((a) => a.chainId === 42161)
      .map((a) => a.hash)
    expect(await arb.client.getBalance({ address: user.address })).toBe(
      ethBefore - (await gasSpent(arb, arbHashes)),
    )
    expect(result).toMatchObject({
      orderId,
      intentId: 'cancel-default',
      resumed: false,
      beneficiary: user.address,
      orderState: 'ClaimedOrderCancel',
    })
    expect(result.refund?.beneficiary).toBe(user.address)
    expect(result.refund?.giveTokenAddress.toLowerCase()).toBe(usdc.toLowerCase())
    // The state path, in order: the cancel on the destination, then the refund on the source.
    expect(
      stages.flatMap((s) => (s.stage === 'orderState' ? [`${s.state}@${s.txHash}`] : [])),
    ).toEqual([
      `OrderCancelled@${result.cancelTxHash}`,
      `SentOrderCancel@${result.cancelTxHash}`,
      `ClaimedOrderCancel@${result.refund?.txHash}`,
    ])
    expect(stages.map((s) => s.stage)).toEqual([
      'read',
      'verified',
      'simulated',
      'broadcast',
      'included',
      'orderState',
      'orderState',
      'orderState',
      'refunded',
    ])
    expect(journal.getOrder(orderId)).toMatchObject({
      state: 'ClaimedOrderCancel',
      lastTxHash: result.refund?.txHash,
    })
    expect(journal.getIntent('cancel-default')?.state).toBe('cancelled')
    // The cancel was journaled before broadcast, on the destination chain, and is confirmed.
    const attempts = journal.attemptsOf('cancel-default')
    expect(attempts.map((a) => `${a.kind}@${a.chainId}`)).toEqual([
      'approve@42161',
      'order@42161',
      'cancel@8453',
    ])
    expect(attempts[2]).toMatchObject({
      hash: result.cancelTxHash,
      orderId,
      state: 'confirmed',
      from: user.address.toLowerCase(),
    })

    // A second cancel of the same order is refused by the journal state; nothing is sent.
    const nonce = await base.client.getTransactionCount({ address: user.address })
    await expect(cancel(orderId).run).rejects.toMatchObject({
      name: 'CancelOrderError',
      problem: 'notCancellable',
    })
    expect(await base.client.getTransactionCount({ address: user.address })).toBe(nonce)
  })

  test('behavior: a cancel sent without waiting is resumed, not re-sent, and its refund followed', async () => {
    const orderId = await createOrder('cancel-resume', 30_000_000n)
    const first = await cancel(orderId, { waitForRefund: false }).run
    expect(first.refund).toBeUndefined()
    expect(journal.getOrder(orderId)?.state).toBe('SentOrderCancel')
    expect(journal.getIntent('cancel-resume')?.state).toBe('created')
    const nonce = await base.client.getTransactionCount({ address: user.address })

    const second = await cancel(orderId).run
    expect(second).toMatchObject({
      resumed: true,
      cancelTxHash: first.cancelTxHash,
      orderState: 'ClaimedOrderCancel',
    })
    expect(await base.client.getTransactionCount({ address: user.address })).toBe(nonce)
    expect(journal.attemptsOf('cancel-resume').filter((a) => a.kind === 'cancel')).toHaveLength(1)
    expect(journal.getIntent('cancel-resume')?.state).toBe('cancelled')
  })

  test('behavior: an order filled on chain is refused although the journal still says Created', async () => {
    // Fills are recorded from before the order exists, so a fast fill cannot be missed.
    const fills = new Set<string>()
    let onFill: (() => void) | undefined
    const record = (e: { orderId: Hex }): void => {
      fills.add(e.orderId)
      onFill?.()
    }
    devnet.solver!.events.on('filled', record)
    devnet.solver!.setPolicy({ fillDelayMs: 50 })
    try {
      const orderId = await createOrder('cancel-filled', 10_000_000n)
      await new Promise<void>((resolve) => {
        onFill = () => fills.has(orderId) && resolve()
        onFill()
      })
      const error = await cancel(orderId).run.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(CancelOrderError)
      expect(error).toMatchObject({ problem: 'notCancellable' })
      // The solver's unlock may already have followed the fill: either way it is filled.
      expect((error as Error).message).toMatch(/(Fulfilled|SentUnlock) on the destination/)
      expect(journal.attemptsOf('cancel-filled').some((a) => a.kind === 'cancel')).toBe(false)
    } finally {
      devnet.solver!.setPolicy({ neverFill: true })
      devnet.solver!.events.off('filled', record)
    }
  })

  test('behavior: an orderId not in the journal is refused naming ferry history', async () => {
    const error = await cancel(`0x${'12'.repeat(32)}`).run.catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'CancelOrderError', problem: 'unknownOrder' })
    expect((error as CancelOrderError).message).toContain('ferry history')
  })
})
