import {
  type Abi,
  type Address,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
} from 'viem'
import { expect } from 'vitest'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { readEvmOrderFacts } from '../../../src/chains/evm/readEvmOrderFacts.ts'
import type { MemorySendJournal } from '../../../src/chains/evm/sendJournal.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import { ValueFlowError } from '../../../src/verify/ValueFlowError.ts'
import { verifyEvmOrderTx } from '../../../src/verify/verifyEvmOrderTx.ts'
import { placeAttackContract } from './attackContracts.ts'
import { type Answer, honestOrderAnswer, wrapOrderInForwarder } from './attackOrders.ts'
import {
  allowanceOf,
  chainsOf,
  devnetValueFlow,
  orderIntent,
  rpcCall,
  testApi,
  testSender,
  user,
} from './executorHarness.ts'
import { startTamperProxy, type TamperProxy } from './startTamperProxy.ts'

/**
 * The world of the value-flow attack tests (valueFlowAttacks.test.ts): a devnet without solver,
 * ferry's sender behind a tamper proxy, and the attacker's contracts. Each attack is first proven
 * real (the bytes, sent without ferry, move funds to the attacker), then refused by ferry before
 * anything is signed, by the value-flow rule that catches it. Bindings are live: read them after
 * {@link startAttackWorld}.
 */
export const attacker = '0x000000000000000000000000000000000000a77a' as Address
export const drainer = '0x000000000000000000000000000000000000d0d0' as Address
export const mirror = '0x000000000000000000000000000000000000f00d' as Address
export const dlnSource = EVM_CONTRACTS.dlnSource as Address
export const forwarder = EVM_CONTRACTS.forwarder as Address
export const AMOUNT = 100_000_000n // 100 USDC
export let devnet: Devnet
export let arb: DevnetEvmChain
export let base: DevnetEvmChain
export let sender: EvmSender
export let journal: MemorySendJournal
export let proxy: TamperProxy
let mirrorAbi: Abi
export let usdc: Address
export let weth: Address

export type { Answer }

/** Starts the devnet, the sender, the tamper proxy and places the attacker's contracts. */
export async function startAttackWorld(): Promise<void> {
  devnet = await startDevnet({ solana: false, solver: false })
  ;[arb, base] = chainsOf(devnet)
  ;({ sender, journal } = testSender(arb))
  proxy = await startTamperProxy(devnet.sim.baseUrl)
  usdc = arb.contracts.tokens.USDC.address as Address
  weth = arb.contracts.tokens.WETH.address as Address
  await placeAttackContract(arb.rpcUrl, 'Drainer', drainer)
  mirrorAbi = await placeAttackContract(arb.rpcUrl, 'MirrorToken', mirror)
  // The real router calls only supported routers (docs/dln.md §6); an aggregator that makes
  // arbitrary calls lets any call through, so the attacks ride on listed routers.
  await supportRouters(arb, [drainer, usdc, weth])
  // The drainer's dust: 1 wei of WETH per attack, paid back to the forwarder.
  await userWallet().writeContract({
    chain: null,
    address: weth,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [drainer, 10n],
  })
}

/**
 * Lists `routers` as supported by the chain's forwarder (its owner's `updateSupportedRouter`):
 * the real router calls only listed routers, so an attack rides on a listed one.
 */
export async function supportRouters(arb: DevnetEvmChain, routers: Address[]): Promise<void> {
  const owner = arb.contracts.routerOwner
  await rpcCall(arb.rpcUrl, 'anvil_impersonateAccount', [owner])
  const admin = createWalletClient({ account: owner, transport: http(arb.rpcUrl) })
  for (const router of routers) {
    const hash = await admin.writeContract({
      chain: null,
      address: forwarder,
      abi: parseAbi(['function updateSupportedRouter(address,bool)']),
      functionName: 'updateSupportedRouter',
      args: [router, true],
    })
    await arb.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  }
  await rpcCall(arb.rpcUrl, 'anvil_stopImpersonatingAccount', [owner])
}

/** Stops everything {@link startAttackWorld} started. */
export async function stopAttackWorld(): Promise<void> {
  sender?.close()
  await proxy?.close()
  await devnet?.stop()
}

export function userWallet() {
  return createWalletClient({ account: user.account, transport: http(arb.rpcUrl) })
}

/** The attacker's mirror token: balanceOf = `watched`'s balance (or allowance to `spender`) of `holder`. */
export async function pointMirror(
  watched: Address,
  holder: Address,
  spender: Address = `0x${'0'.repeat(40)}`,
) {
  await userWallet().writeContract({
    chain: null,
    address: mirror,
    abi: mirrorAbi,
    functionName: 'point',
    args: [watched, holder, spender],
  })
}

/** {@link wrapOrderInForwarder} for the demo user's order: every field check still holds. */
export function wrapInForwarder(
  swap: { router: Address; swapCalldata: Hex; tokenOut: Address; expectedAmountOut: bigint },
  transferFeeBps: bigint,
): (a: Answer) => void {
  return wrapOrderInForwarder({ arb, wallet: user.address, usdc, transferFeeBps }, swap)
}

export const intent = () => orderIntent(arb, base, usdc, AMOUNT, base.contracts.tokens.USDC.address)

export async function facts() {
  return readEvmOrderFacts(arb.client, { dlnSource, owner: user.address })
}

/**
 * (a) The malicious bytes pass ferry's field checks, and sent without ferry (approve + tx from
 * the devnet wallet) they really move funds: `proveMoved` checks it. State is rolled back after.
 */
export async function proveReal(mutate: (a: Answer) => void, proveMoved: () => Promise<void>) {
  const answer = await honestOrderAnswer({ devnet, wallet: user.address, usdc, amount: AMOUNT })
  mutate(answer)
  const f = await facts()
  const tx = { to: answer.tx.to, data: answer.tx.data, value: BigInt(answer.tx.value) }
  // Today's field checks let it through: only the simulated outcome shows the theft.
  verifyEvmOrderTx({
    tx,
    intent: intent(),
    onChain: { fixedFeeWei: f.fixedFeeWei, transferFeeBps: f.transferFeeBps },
    announcedOrderId: answer.orderId,
  })
  const snapshot = await rpcCall(arb.rpcUrl, 'evm_snapshot')
  try {
    const wallet = userWallet()
    await wallet.writeContract({
      chain: null,
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [forwarder, AMOUNT],
    })
    const hash = await wallet.sendTransaction({
      chain: null,
      to: tx.to as Address,
      data: tx.data,
      value: tx.value,
      gas: 1_500_000n,
    })
    const receipt = await arb.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    await proveMoved()
  } finally {
    await rpcCall(arb.rpcUrl, 'evm_revert', [snapshot])
  }
}

/** (b) ferry, with the tampering service, refuses: nothing signed, nonce and allowances as before. */
export async function ferryRefuses(mutate: (a: Answer) => void): Promise<ValueFlowError> {
  const nonce = await arb.client.getTransactionCount({ address: user.address, blockTag: 'pending' })
  const journalled = journal.records.length
  const wethAllowance = await allowanceOf(arb.client, weth, user.address, forwarder)
  proxy.tamper = (path, _query, body) => {
    if (path.endsWith('/create-tx')) mutate(body as Answer)
    return body
  }
  let error: unknown
  try {
    await executeEvmOrder({ ...devnetValueFlow, intent: intent(), api: testApi(proxy.url), sender })
  } catch (e) {
    error = e
  } finally {
    proxy.tamper = undefined
  }
  expect(error).toBeInstanceOf(ValueFlowError)
  expect(error).toBeInstanceOf(VerificationError)
  expect(await arb.client.getTransactionCount({ address: user.address, blockTag: 'pending' })).toBe(
    nonce,
  )
  expect(journal.records.length).toBe(journalled)
  expect(await allowanceOf(arb.client, usdc, user.address, dlnSource)).toBe(0n)
  expect(await allowanceOf(arb.client, usdc, user.address, forwarder)).toBe(0n)
  expect(await allowanceOf(arb.client, weth, user.address, forwarder)).toBe(wethAllowance)
  return error as ValueFlowError
}
