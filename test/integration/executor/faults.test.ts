import { EventEmitter, once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseGwei,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { EvmBroadcastOutcome, EvmSendRecord } from '../../../src/chains/evm/sendJournal.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import { createEvmSendJournal } from '../../../src/store/contract/createEvmSendJournal.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { devnetValueFlow, orderIntent, testApi, user } from './executorHarness.ts'
import {
  anvil,
  approveReq,
  arb,
  base,
  devnet,
  eventJournal,
  NATIVE,
  proxy,
  sender,
  useFaultsWorld,
  waitFor,
} from './faultsWorld.ts'
import { startRpcProxy } from './startRpcProxy.ts'

useFaultsWorld()

describe('EVM sending under faults', () => {
  test('behavior: a lost sendRawTransaction answer is found by hash, never re-sent', async () => {
    const journal = eventJournal()
    const s = sender(journal, { rpcUrl: proxy.url, rpcOptions: { sendTimeoutMs: 300 } })
    proxy.reset()
    proxy.swallowNext('eth_sendRawTransaction')
    const result = await executeEvmOrder({
      ...devnetValueFlow,
      intent: orderIntent(arb, base, NATIVE, parseEther('0.2'), base.contracts.tokens.USDC.address),
      api: testApi(devnet.sim.baseUrl),
      sender: s,
    })
    expect(proxy.counts.eth_sendRawTransaction).toBe(1)
    expect(journal.outcomes.map((o) => o.outcome)).toEqual(['unknown'])
    expect(result.hash).toBe(journal.records[0]?.hash)
    expect(result.orderId).toBe(result.quote.orderId)
  })

  test('default: one sender per (chain, address); concurrent sends get consecutive nonces', async () => {
    const journal = eventJournal()
    const s = sender(journal)
    expect(() => sender(eventJournal())).toThrow(/already runs/)
    const results = await Promise.all([
      s.send(approveReq(11n)),
      s.send(approveReq(12n)),
      s.send(approveReq(13n)),
    ])
    const nonces = results.map((r) => r.nonce)
    expect(nonces).toEqual([nonces[0], nonces[0]! + 1, nonces[0]! + 2])
    expect(journal.records.map((r) => r.nonce)).toEqual(nonces)
    expect(results.every((r) => r.receipt.status === 'success')).toBe(true)
  })

  test('behavior: a foreign tx sent from the wallet before a send is seen by the nonce manager', async () => {
    const journal = eventJournal()
    const s = sender(journal)
    const first = await s.send(approveReq(1n))
    // Someone else sends from the same wallet behind the sender's back.
    const wallet = createWalletClient({ account: user.account, transport: http(arb.rpcUrl) })
    await wallet.sendTransaction({
      chain: null,
      to: user.address,
      value: 0n,
      nonce: first.nonce + 1,
    })
    const second = await s.send(approveReq(2n))
    expect(journal.outcomes.map((o) => o.outcome)).toEqual(['accepted', 'accepted'])
    expect(second.nonce).toBe(first.nonce + 2)
    expect(second.receipt.status).toBe('success')
  })

  test('behavior: "nonce too low" (a foreign tx took the nonce after it was read) re-syncs and re-signs', async () => {
    const wallet = createWalletClient({ account: user.account, transport: http(arb.rpcUrl) })
    let raced = false
    const journal = eventJournal(async (record) => {
      if (record.attempt > 0 || raced || journal.records.length < 2) return
      raced = true
      const hash = await wallet.sendTransaction({
        chain: null,
        to: user.address,
        value: 0n,
        nonce: record.nonce,
      })
      // Mined before ours goes out: the node must answer "nonce too low", not "underpriced".
      await arb.client.waitForTransactionReceipt({ hash })
    })
    const s = sender(journal)
    const first = await s.send(approveReq(1n))
    const second = await s.send(approveReq(2n))
    expect(journal.outcomes.map((o) => o.outcome)).toEqual(['accepted', 'rejected', 'accepted'])
    expect(journal.outcomes[1]?.error).toMatch(/nonce too low/i)
    expect(second.nonce).toBe(first.nonce + 2)
    expect(second.receipt.status).toBe('success')
  })

  test('behavior: "replacement transaction underpriced" (a foreign pending tx) moves to the next nonce', async () => {
    const wallet = createWalletClient({ account: user.account, transport: http(arb.rpcUrl) })
    let raced = false
    const journal = eventJournal(async (record) => {
      if (record.attempt > 0 || raced || journal.records.length < 2) return
      raced = true
      await anvil.setAutomine(false)
      await wallet.sendTransaction({
        chain: null,
        to: user.address,
        value: 0n,
        nonce: record.nonce,
        maxFeePerGas: parseGwei('150'),
        maxPriorityFeePerGas: parseGwei('100'),
      })
    })
    const s = sender(journal)
    const first = await s.send(approveReq(3n))
    const pending = s.send(approveReq(4n))
    const [accepted] = (await waitFor(journal, (o) => o.outcome === 'accepted')) as [
      EvmBroadcastOutcome,
    ]
    await anvil.mine({ blocks: 1 })
    const second = await pending
    expect(journal.outcomes[1]?.error).toMatch(/underpriced/i)
    expect(second.hash).toBe(accepted.hash)
    expect(second.nonce).toBe(first.nonce + 2)
  })

  test('behavior: a dropped tx is replaced at the same nonce with both fees bumped >= 12.5%', async () => {
    const journal = eventJournal()
    const s = sender(journal, { replaceAfterMs: 150 })
    await s.send(approveReq(5n)) // warm the nonce counter
    await anvil.setAutomine(false)
    const pending = s.send(approveReq(6n))
    const [dropped] = (await waitFor(journal, () => true)) as [EvmBroadcastOutcome]
    await anvil.request({ method: 'anvil_dropTransaction', params: [dropped.hash] } as never)
    const [replacement] = (await waitFor(journal, (o) => o.hash !== dropped.hash)) as [
      EvmBroadcastOutcome,
    ]
    await anvil.mine({ blocks: 1 })
    const result = await pending
    const [r0, r1] = journal.records.slice(-2) as [EvmSendRecord, EvmSendRecord]
    expect(result.hash).toBe(replacement.hash)
    expect(r1.nonce).toBe(r0.nonce)
    expect(r1.attempt).toBe(1)
    expect(r1.hashesOfNonce).toEqual([r0.hash, r1.hash])
    expect(r1.maxFeePerGas * 10_000n).toBeGreaterThanOrEqual(r0.maxFeePerGas * 11_250n)
    expect(r1.maxPriorityFeePerGas * 10_000n).toBeGreaterThanOrEqual(
      r0.maxPriorityFeePerGas * 11_250n,
    )
    const mined = await arb.client.getTransaction({ hash: result.hash })
    expect(mined.nonce).toBe(r0.nonce)
    expect(mined.maxFeePerGas).toBe(r1.maxFeePerGas)
  })

  test('behavior: a dropped tx in the middle of three sends leaves a gap that a journaled 0-value self-transfer fills', async () => {
    const store = openJournal(join(mkdtempSync(join(tmpdir(), 'ferry-gap-')), 'j.sqlite'))
    const events = new EventEmitter()
    const storeJournal = createEvmSendJournal(toJournalStore(store))
    const journal = {
      ...storeJournal,
      async afterBroadcast(outcome: Parameters<typeof storeJournal.afterBroadcast>[0]) {
        await storeJournal.afterBroadcast(outcome)
        events.emit('broadcast', outcome)
      },
    }
    // No replacement within the wait: the second send ends `unknown`, as after a long outage.
    const s = sender(journal, { replaceAfterMs: 60_000, maxWaitMs: 1_500 })
    const wbtc = arb.contracts.tokens.WBTC.address
    const allowance = () =>
      arb.client.readContract({
        address: wbtc,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user.address, EVM_CONTRACTS.dlnSource as Address],
      })
    const first = await s.send(approveReq(21n))

    await anvil.setAutomine(false)
    const second = s.send(approveReq(22n))
    const [dropped] = (await once(events, 'broadcast')) as [EvmBroadcastOutcome]
    await anvil.request({ method: 'anvil_dropTransaction', params: [dropped.hash] } as never)
    await expect(second).rejects.toMatchObject({ name: 'EvmSendError' })
    await anvil.setAutomine(true)
    // The attack on liveness is real: the node no longer holds nonce +1, so +2 could never mine.
    expect(
      await arb.client.getTransactionCount({ address: user.address, blockTag: 'pending' }),
    ).toBe(first.nonce + 1)

    const third = await s.send(approveReq(23n))
    expect(third.nonce).toBe(first.nonce + 2)
    expect(third.receipt.status).toBe('success')
    const fences = store
      .attemptsOfNonce(arb.chainId, user.address, first.nonce + 1)
      .filter((a) => a.kind === 'fence')
    expect(fences).toHaveLength(1)
    expect(fences[0]).toMatchObject({ state: 'confirmed', intentId: undefined })
    const fence = await arb.client.getTransaction({ hash: fences[0]!.hash as Hex })
    expect(fence).toMatchObject({ nonce: first.nonce + 1, value: 0n, input: '0x' })
    expect(fence.to?.toLowerCase()).toBe(user.address.toLowerCase())
    // The dropped approval never landed: the allowance is the third one's.
    expect(await allowance()).toBe(23n)
    store.close()
  })

  test('behavior: with a send endpoint, signed bytes go only there and reads never do', async () => {
    const reads = await startRpcProxy(arb.rpcUrl)
    const sends = await startRpcProxy(arb.rpcUrl)
    try {
      const s = sender(eventJournal(), { rpcUrl: reads.url, rpcOptions: { sendUrl: sends.url } })
      const result = await executeEvmOrder({
        ...devnetValueFlow,
        intent: orderIntent(
          arb,
          base,
          NATIVE,
          parseEther('0.05'),
          base.contracts.tokens.USDC.address,
        ),
        api: testApi(devnet.sim.baseUrl),
        sender: s,
      })
      expect(result.receipt.status).toBe('success')
      expect(sends.counts).toEqual({ eth_sendRawTransaction: 1 })
      expect(reads.counts.eth_sendRawTransaction).toBeUndefined()
      expect(reads.total()).toBeGreaterThan(0)
    } finally {
      await reads.close()
      await sends.close()
    }
  })

  test('behavior: a reorg before the confirmation depth keeps the order uncounted until final', async () => {
    const journal = eventJournal()
    const s = sender(journal, { replaceAfterMs: 150 })
    const included: { hash: Hex; confirmations: number }[] = []
    let reorgDone = false
    let reorg: Promise<unknown> | undefined
    let createdAfterReorg = false
    const done = executeEvmOrder({
      ...devnetValueFlow,
      intent: orderIntent(arb, base, NATIVE, parseEther('0.1'), base.contracts.tokens.USDC.address),
      api: testApi(devnet.sim.baseUrl),
      sender: s,
      confirmations: 2,
      onProgress: (e) => {
        if (e.stage === 'created') createdAfterReorg = reorgDone
        if (e.stage !== 'included') return
        included.push({ hash: e.hash, confirmations: e.confirmations })
        if (!reorg) {
          // One confirmation only: the block that holds the order is replaced by an empty one.
          reorg = anvil.request({ method: 'anvil_reorg', params: [1, []] } as never).then(() => {
            reorgDone = true
          })
        } else if (e.hash !== included[0]?.hash && e.confirmations === 1) {
          void anvil.mine({ blocks: 1 })
        }
      },
    })
    const result = await done
    expect(createdAfterReorg).toBe(true)
    const first = included[0]!
    expect(first.confirmations).toBe(1)
    // The order counted is the one mined again after the reorg, at depth 2.
    expect(journal.records.length).toBe(2)
    expect(result.hash).toBe(journal.records[1]?.hash)
    expect(result.orderId).toBe(result.quote.orderId)
    const head = await arb.client.getBlockNumber({ cacheTime: 0 })
    expect(head - result.receipt.blockNumber + 1n).toBeGreaterThanOrEqual(2n)
    const canonical = await arb.client.getBlock({ blockNumber: result.receipt.blockNumber })
    expect(canonical.hash).toBe(result.receipt.blockHash)
  })
})
