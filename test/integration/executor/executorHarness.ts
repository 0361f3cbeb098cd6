import { type Address, erc20Abi, type Hex, type PublicClient, parseGwei } from 'viem'
import { type ApiClient, createApiClient } from '../../../src/api/createApiClient.ts'
import type { ChainId } from '../../../src/api/schemas/chainId.ts'
import { type CreateEvmRpcOptions, createEvmRpc } from '../../../src/chains/evm/createEvmRpc.ts'
import {
  type CreateEvmSenderOptions,
  createEvmSender,
  type EvmSender,
} from '../../../src/chains/evm/createEvmSender.ts'
import { createEvmSigner, type EvmKeySource } from '../../../src/chains/evm/createEvmSigner.ts'
import {
  createMemorySendJournal,
  type MemorySendJournal,
} from '../../../src/chains/evm/sendJournal.ts'
import { createManualClock, type ManualClock, systemClock } from '../../../src/common/clock.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type DevnetEvmAccount, devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import type { Devnet } from '../../../src/devnet/startDevnet.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import { createMarket } from '../../../src/sim/market/createMarket.ts'
import { marketPriceEntries } from '../../../src/sim/market/marketPriceEntries.ts'
import type { Journal } from '../../../src/store/sqlite/openJournal.ts'
import type { OrderIntent } from '../../../src/verify/orderIntent.ts'
import { fixedPriceSource } from '../../../src/verify/prices/fixedPriceSource.ts'
import type { TrustedPriceSource } from '../../../src/verify/prices/tokenUsdPrice.ts'

/**
 * Value-flow settings of the executor in tests: trusted prices are the devnet market's spot prices
 * (what the devnet's router rates were set from); 1 000 bps because the flat fee (0.001 ETH, $3)
 * weighs up to 6 % on the tests' 50-100 USDC orders.
 */
export const devnetValueFlow: { prices: TrustedPriceSource; maxCostBps: number } = {
  prices: fixedPriceSource(marketPriceEntries(createMarket({ seed: 1 }), [42161, 8453])),
  maxCostBps: 1_000,
}

/** The devnet's demo user, who holds every token on both chains. */
export const user: DevnetEvmAccount = devnetEvmAccount('user')

/** A service client with no client-side rate limit or retries (tests make many calls). */
export function testApi(apiUrl: string, statsUrl: string = apiUrl): ApiClient {
  return createApiClient({ apiUrl, statsUrl, requestsPerMinute: 100_000, retries: 0 })
}

/** A sender for the demo user (or `key`) on one devnet chain, with test-speed timings. */
export function testSender(
  chain: DevnetEvmChain,
  overrides: Partial<CreateEvmSenderOptions> & {
    rpcUrl?: string
    rpcOptions?: CreateEvmRpcOptions
    key?: EvmKeySource
    address?: Address
  } = {},
): { sender: EvmSender; journal: MemorySendJournal } {
  const journal = createMemorySendJournal()
  const { rpcUrl, rpcOptions, key, address, ...rest } = overrides
  const sender = createEvmSender({
    chainId: chain.chainId,
    signer: createEvmSigner(key ?? { privateKey: user.privateKey }, address ?? user.address),
    rpc: createEvmRpc(rpcUrl ?? chain.rpcUrl, rpcOptions),
    journal,
    feePolicy: { maxFeePerGasCapWei: parseGwei('200') },
    confirmations: 1,
    pollIntervalMs: 20,
    replaceAfterMs: 60_000,
    ...rest,
  })
  return { sender, journal }
}

/** An order intent where the demo user (or `who`) is maker, receiver and every authority. */
export function orderIntent(
  src: DevnetEvmChain,
  dst: DevnetEvmChain,
  tokenIn: string,
  amountIn: bigint,
  tokenOut: string,
  who: Address = user.address,
): OrderIntent {
  return {
    srcChainId: src.chainId as ChainId,
    dstChainId: dst.chainId as ChainId,
    sender: who,
    tokenIn,
    amountIn,
    tokenOut,
    minTakeAmount: 1n,
    receiver: who,
    srcAuthority: who,
    dstAuthority: who,
    cancelBeneficiary: who,
    allowedTaker: 'any',
  }
}

/** ERC-20 balance. */
export function balanceOf(client: PublicClient, token: Address, owner: Address): Promise<bigint> {
  return client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

/** ERC-20 allowance. */
export function allowanceOf(
  client: PublicClient,
  token: Address,
  owner: Address,
  spender: Address,
): Promise<bigint> {
  return client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spender],
  })
}

/** The two devnet chains as [Arbitrum, Base]. */
export function chainsOf(devnet: Devnet): [DevnetEvmChain, DevnetEvmChain] {
  const arb = devnet.evm.find((c) => c.chainId === 42161)
  const base = devnet.evm.find((c) => c.chainId === 8453)
  if (!arb || !base) throw new Error('the devnet lacks 42161 or 8453')
  return [arb, base]
}

/** Sends a raw JSON-RPC request (anvil_* test methods). */
export async function rpcCall(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

export type { Hex }

/**
 * Creates a USDC order `src` → `dst` through the executor and journals the intent and the order
 * as the engine does. `createTxHash: false` leaves the create transaction out of the order record,
 * as journals written before it was recorded have it: readers must then find it among the
 * journaled attempts.
 */
export async function createJournaledOrder(params: {
  journal: Journal
  apiUrl: string
  src: DevnetEvmChain
  dst: DevnetEvmChain
  sender: EvmSender
  intentId: string
  amountIn: bigint
  createTxHash?: boolean
}): Promise<Hex> {
  const { journal, src, dst, intentId, amountIn } = params
  journal.recordIntent({
    id: intentId,
    strategy: 'test',
    route: `${src.chainId}->${dst.chainId}:USDC`,
    params: {},
    notionalUsd: Number(amountIn) / 1e6,
  })
  const result = await executeEvmOrder({
    ...devnetValueFlow,
    // These orders are small (10-30 USDC): the 0.001 ETH flat fee is up to a third of them.
    maxCostBps: 5_000,
    intent: orderIntent(
      src,
      dst,
      src.contracts.tokens.USDC.address,
      amountIn,
      dst.contracts.tokens.USDC.address,
    ),
    api: testApi(params.apiUrl),
    sender: params.sender,
    intentId,
  })
  journal.recordOrder({
    orderId: result.orderId,
    intentId,
    srcChainId: src.chainId,
    dstChainId: dst.chainId,
    state: 'Created',
    ...(params.createTxHash === false ? {} : { createTxHash: result.hash }),
  })
  journal.setIntentState(intentId, 'created')
  return result.orderId
}

/**
 * A clock whose time moves only when the test advances it (to age a quote on cue), but whose
 * sleeps are real: the sender polls the devnet for receipts, and on a loaded machine the receipt
 * may not be there on the first look, so a sleep that waits for an advance would never end.
 */
export function agingClock(startMs: number): ManualClock {
  const manual = createManualClock(startMs)
  return { ...manual, sleepMs: (ms, signal) => systemClock.sleepMs(ms, signal) }
}
