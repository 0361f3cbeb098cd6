/**
 * The world of the EVM sending fault tests (faults.test.ts): a devnet without Solana, an RPC proxy
 * in front of its Arbitrum anvil that can swallow answers, and the senders a test opens (closed
 * after each test, automine back on). Bindings are live: read them inside tests.
 */
import { EventEmitter, once } from 'node:events'
import {
  type Address,
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  type TestClient,
} from 'viem'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import type {
  EvmBroadcastOutcome,
  EvmSendJournal,
  EvmSendRecord,
} from '../../../src/chains/evm/sendJournal.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { chainsOf, testSender } from './executorHarness.ts'
import { type RpcProxy, startRpcProxy } from './startRpcProxy.ts'

export const NATIVE = '0x0000000000000000000000000000000000000000'
export let devnet: Devnet
export let arb: DevnetEvmChain
export let base: DevnetEvmChain
export let anvil: TestClient
export let proxy: RpcProxy
const open: EvmSender[] = []

/**
 * A journal that keeps records and emits each broadcast outcome, so tests wait on events.
 * `beforeEach` runs once the record is journaled and before its bytes go out: a test puts a
 * foreign transaction there to race the sender exactly between its nonce read and its broadcast.
 */
export function eventJournal(
  beforeEach?: (record: EvmSendRecord) => Promise<void>,
): EvmSendJournal & {
  records: EvmSendRecord[]
  outcomes: EvmBroadcastOutcome[]
  events: EventEmitter
} {
  const events = new EventEmitter()
  const records: EvmSendRecord[] = []
  const outcomes: EvmBroadcastOutcome[] = []
  return {
    records,
    outcomes,
    events,
    async beforeBroadcast(record) {
      records.push(record)
      await beforeEach?.(record)
    },
    afterBroadcast(outcome) {
      outcomes.push(outcome)
      events.emit('broadcast', outcome)
    },
  }
}

export function sender(
  journal: EvmSendJournal,
  more: Parameters<typeof testSender>[1] = {},
): EvmSender {
  const s = testSender(arb, { journal, ...more }).sender
  open.push(s)
  return s
}

export const approveData = (amount: bigint): Hex =>
  encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [EVM_CONTRACTS.dlnSource as Address, amount],
  })
export const approveReq = (amount: bigint) =>
  ({
    kind: 'approve',
    to: arb.contracts.tokens.WBTC.address,
    data: approveData(amount),
    value: 0n,
    gasLimit: 100_000n,
  }) as const

/** Starts the devnet and the proxy for the file, and closes every sender after each test. */
export function useFaultsWorld(): void {
  beforeAll(async () => {
    devnet = await startDevnet({ solana: false })
    ;[arb, base] = chainsOf(devnet)
    anvil = createTestClient({ mode: 'anvil', transport: http(arb.rpcUrl) })
    proxy = await startRpcProxy(arb.rpcUrl)
  })
  afterEach(async () => {
    for (const s of open.splice(0)) s.close()
    await anvil.setAutomine(true)
  })
  afterAll(async () => {
    await proxy?.close()
    await devnet?.stop()
  })
}

/** Resolves with the next broadcast outcome that matches. */
export async function waitFor(
  journal: ReturnType<typeof eventJournal>,
  match: (o: EvmBroadcastOutcome) => boolean,
): Promise<[EvmBroadcastOutcome]> {
  for (;;) {
    const [outcome] = (await once(journal.events, 'broadcast')) as [EvmBroadcastOutcome]
    if (match(outcome)) return [outcome]
  }
}
