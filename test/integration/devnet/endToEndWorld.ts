/**
 * The world of the devnet end-to-end tests (endToEnd.test.ts): one devnet (Arbitrum, Base and
 * Solana) driven with plain viem and web3.js, the service client, the solver's recorded events,
 * and a check after the file that the solver failed nothing. Bindings are live: read them inside
 * tests.
 */
import {
  type Address,
  createWalletClient,
  decodeEventLog,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
} from 'viem'
import { afterAll, beforeAll, expect } from 'vitest'
import { type ApiClient, createApiClient } from '../../../src/api/createApiClient.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { type EventRecorder, recordEvents } from '../../helpers/recordEvents.ts'

export const user = devnetEvmAccount('user')
export const hookAbi = parseAbi([
  'function pull(address token, uint256 amount, address beneficiary)',
  'function credited(address, address) view returns (uint256)',
])
export let devnet: Devnet
export let api: ApiClient
export let solverEvents: EventRecorder
const failures: string[] = []

/**
 * Starts the file's devnet, the service client and the recorders; after the file, stops the devnet
 * and fails on any solver failure seen during the flows.
 */
export function useEndToEndWorld(): void {
  beforeAll(async () => {
    devnet = await startDevnet({ evmChainIds: [42161, 8453], solana: true, fillDelayMs: 50 })
    api = createApiClient({ apiUrl: devnet.sim.baseUrl, statsUrl: devnet.sim.statsUrl, retries: 0 })
    solverEvents = recordEvents(devnet.solver!.events, ['filled', 'hook', 'unlocked', 'cancelled'])
    devnet.solver!.events.on('failed', (e) => {
      failures.push(`${e.stage}: ${e.error}`)
    })
  }, 60_000)

  afterAll(async () => {
    // A solver failure would make a flow time out; say why instead. Taken before the stop: work
    // the stop cuts short (a relay whose chain is going away) is not a flow that failed.
    const duringFlows = [...failures]
    await devnet?.stop()
    expect(duringFlows).toEqual([])
  })
}

export const chain = (id: number) => devnet.evm.find((c) => c.chainId === id)!
export const balanceOf = (id: number, token: Address, who: Address) =>
  chain(id).client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [who],
  })

/** Quotes, approves and sends an EVM-source order with plain viem; returns the CreatedOrder. */
export async function placeEvmOrder(
  params: Parameters<ApiClient['createOrderTx']>[0] & { srcChainId: number },
) {
  const src = chain(params.srcChainId)
  const wallet = createWalletClient({ account: user.account, transport: http(src.rpcUrl) })
  const token = params.srcChainTokenIn as Address
  // USDC is a reserve asset, so DlnSource is the target and the spender; the approval comes
  // first because enableEstimate simulates the transaction (docs/service.md §4.4). Headroom for the opex.
  const approve = await wallet.writeContract({
    chain: null,
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [src.contracts.dlnSource, BigInt(String(params.srcChainTokenInAmount)) * 2n],
  })
  await src.client.waitForTransactionReceipt({ hash: approve })
  const result = await api.createOrderTx(params)
  if (result.kind !== 'tx') throw new Error('expected a transaction')
  const { quote } = result
  expect(quote.tx.to?.toLowerCase()).toBe(src.contracts.dlnSource.toLowerCase())
  const hash = await wallet.sendTransaction({
    chain: null,
    to: quote.tx.to as Address,
    data: quote.tx.data as Hex,
    value: BigInt(quote.tx.value!),
  })
  const receipt = await src.client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  const created = receipt.logs
    .filter((l) => l.address.toLowerCase() === src.contracts.dlnSource.toLowerCase())
    .map((l) => decodeEventLog({ abi: dlnSourceAbi, data: l.data, topics: l.topics }))
    .find((e) => e.eventName === 'CreatedOrder')
  const args = created?.args as unknown as { orderId: Hex; order: DlnOrder }
  return { quote, orderId: args.orderId, order: args.order }
}
