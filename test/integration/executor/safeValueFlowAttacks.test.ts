import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { createEvmSigner } from '../../../src/chains/evm/createEvmSigner.ts'
import { readEvmOrderFacts } from '../../../src/chains/evm/readEvmOrderFacts.ts'
import { createSafeSender } from '../../../src/chains/evm/safe/createSafeSender.ts'
import { encodeSafeExec } from '../../../src/chains/evm/safe/encodeSafeExec.ts'
import { safeAbi } from '../../../src/chains/evm/safe/safeAbi.ts'
import type { MemorySendJournal } from '../../../src/chains/evm/sendJournal.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import { ValueFlowError } from '../../../src/verify/ValueFlowError.ts'
import { placeAttackContract } from './attackContracts.ts'
import { type Answer, honestOrderAnswer, wrapOrderInForwarder } from './attackOrders.ts'
import {
  allowanceOf,
  balanceOf,
  chainsOf,
  devnetValueFlow,
  orderIntent,
  rpcCall,
  testApi,
  testSender,
  user,
} from './executorHarness.ts'
import { safeAllowanceCases } from './safeAllowanceCases.ts'
import { safeResumeCases } from './safeResumeCases.ts'
import { startTamperProxy, type TamperProxy } from './startTamperProxy.ts'
import { supportRouters } from './valueFlowAttackWorld.ts'

// The value-flow attacks against a Safe account (docs/safety.md "Treasury accounts"): a malicious
// service cannot get ferry's key to sign a Safe transaction that pays anyone else, changes the
// Safe or leaves an allowance. Each attack is first proven real: the same bytes, executed through
// the Safe by its owner key without ferry, move the Safe's funds or change it.
const attacker = '0x000000000000000000000000000000000000a77a' as Address
const drainer = '0x000000000000000000000000000000000000d0d0' as Address
const dlnSource = EVM_CONTRACTS.dlnSource as Address
const forwarder = EVM_CONTRACTS.forwarder as Address
const AMOUNT = 100_000_000n
const drainAbi = parseAbi(['function drain(address,uint256,address,address,uint256)'])

let devnet: Devnet
let arb: DevnetEvmChain
let base: DevnetEvmChain
let safe: Address
let sender: EvmSender
let journal: MemorySendJournal
let proxy: TamperProxy
let usdc: Address
let weth: Address

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, solver: false, safe: true })
  ;[arb, base] = chainsOf(devnet)
  safe = devnet.treasurySafe!
  const signer = createEvmSigner({ privateKey: user.privateKey }, user.address, { safe })
  const key = testSender(arb, { signer })
  journal = key.journal
  sender = createSafeSender(key.sender, safe)
  proxy = await startTamperProxy(devnet.sim.baseUrl)
  usdc = arb.contracts.tokens.USDC.address as Address
  weth = arb.contracts.tokens.WETH.address as Address
  await placeAttackContract(arb.rpcUrl, 'Drainer', drainer)
  // The real router calls only supported routers (docs/dln.md §6.1): the attack rides on one.
  await supportRouters(arb, [drainer])
  await ownerExec(
    weth,
    encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [drainer, 10n] }),
  )
}, 60_000)

afterAll(async () => {
  sender?.close()
  await proxy?.close()
  await devnet?.stop()
})

/** The owner key executing a call through the Safe, without ferry: what an attack needs. */
async function ownerExec(to: Address, data: Hex, value = 0n) {
  const wallet = createWalletClient({ account: user.account, transport: http(arb.rpcUrl) })
  const hash = await wallet.sendTransaction({
    chain: null,
    to: safe,
    data: encodeSafeExec({ to, value, data }, user.address),
    gas: 2_000_000n,
  })
  return arb.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
}

const intent = () => ({
  ...orderIntent(arb, base, usdc, AMOUNT, base.contracts.tokens.USDC.address, safe),
})

/** An honest direct order rewritten into the forwarder with the drainer as pre-swap router. */
const drainThroughForwarder = (transferFeeBps: bigint) =>
  wrapOrderInForwarder(
    { arb, wallet: safe, usdc, transferFeeBps },
    {
      router: drainer,
      swapCalldata: encodeFunctionData({
        abi: drainAbi,
        functionName: 'drain',
        args: [usdc, AMOUNT, attacker, weth, 1n],
      }),
      tokenOut: weth,
      expectedAmountOut: 1n,
    },
  )

/** ferry's Safe sender with the tampering service: it throws, and nothing was signed or left. */
async function ferryRefuses(mutate: (a: Answer) => void): Promise<unknown> {
  const nonce = await arb.client.getTransactionCount({ address: user.address, blockTag: 'pending' })
  const signed = journal.records.length
  const safeNonce = await arb.client.readContract({
    address: safe,
    abi: safeAbi,
    functionName: 'nonce',
  })
  proxy.tamper = (path, _q, body) => {
    if (path.endsWith('/create-tx')) mutate(body as Answer)
    return body
  }
  const error = await executeEvmOrder({
    ...devnetValueFlow,
    intent: intent(),
    api: testApi(proxy.url),
    sender,
  })
    .then(() => undefined)
    .catch((e: unknown) => e)
    .finally(() => {
      proxy.tamper = undefined
    })
  expect(error).toBeInstanceOf(VerificationError)
  expect(await arb.client.getTransactionCount({ address: user.address, blockTag: 'pending' })).toBe(
    nonce,
  )
  expect(journal.records.length).toBe(signed)
  expect(
    await arb.client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' }),
  ).toBe(safeNonce)
  expect(await allowanceOf(arb.client, usdc, safe, dlnSource)).toBe(0n)
  expect(await allowanceOf(arb.client, usdc, safe, forwarder)).toBe(0n)
  return error
}

async function withSnapshot(run: () => Promise<void>) {
  const snapshot = await rpcCall(arb.rpcUrl, 'evm_snapshot')
  try {
    await run()
  } finally {
    await rpcCall(arb.rpcUrl, 'evm_revert', [snapshot])
  }
}

describe('value-flow attacks against a Safe account', () => {
  test('behavior: a pre-swap that pays the attacker from the Safe is real, and refused by the value flow of the Safe', async () => {
    const { transferFeeBps } = await readEvmOrderFacts(arb.client, { dlnSource, owner: safe })
    const attack = drainThroughForwarder(transferFeeBps)
    const answer = await honestOrderAnswer({ devnet, wallet: safe, usdc, amount: AMOUNT })
    attack(answer)
    await withSnapshot(async () => {
      const approve = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [forwarder, AMOUNT],
      })
      expect((await ownerExec(usdc, approve)).status).toBe('success')
      const receipt = await ownerExec(
        answer.tx.to as Address,
        answer.tx.data,
        BigInt(answer.tx.value),
      )
      expect(receipt.status).toBe('success')
      expect(await balanceOf(arb.client, usdc, attacker)).toBe(AMOUNT)
    })
    const error = await ferryRefuses(attack)
    expect(error).toBeInstanceOf(ValueFlowError)
    expect((error as ValueFlowError).rule).toBe('valueConserved')
    expect(await balanceOf(arb.client, usdc, attacker)).toBe(0n)
  })

  test('behavior: an answer that makes the Safe add the attacker as owner is real, and refused; the signer refuses it even when ferry checks are bypassed', async () => {
    const addOwner = encodeFunctionData({
      abi: safeAbi,
      functionName: 'addOwnerWithThreshold',
      args: [attacker, 1n],
    })
    await withSnapshot(async () => {
      expect((await ownerExec(safe, addOwner)).status).toBe('success')
      expect(
        await arb.client.readContract({
          address: safe,
          abi: safeAbi,
          functionName: 'isOwner',
          args: [attacker],
        }),
      ).toBe(true)
    })
    const error = await ferryRefuses((a) => {
      a.tx.to = safe
      a.tx.data = addOwner
    })
    expect((error as VerificationError).field).toBe('tx.data')
    // Bypassing every check above the signer: the sender's own decode and the signer refuse.
    const nonce = await arb.client.getTransactionCount({
      address: user.address,
      blockTag: 'pending',
    })
    const bypass = await sender
      .send({ kind: 'order', to: safe, data: addOwner, value: 0n, gasLimit: 300_000n })
      .catch((e: unknown) => e)
    expect(bypass).toBeInstanceOf(VerificationError)
    expect((bypass as VerificationError).field).toBe('safe.inner.to')
    expect(
      await arb.client.getTransactionCount({ address: user.address, blockTag: 'pending' }),
    ).toBe(nonce)
    expect(
      await arb.client.readContract({
        address: safe,
        abi: safeAbi,
        functionName: 'isOwner',
        args: [attacker],
      }),
    ).toBe(false)
  })

  test('behavior: an answer that transfers the Safe USDC to the attacker is real, and refused; the signer refuses it too', async () => {
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [attacker, AMOUNT],
    })
    await withSnapshot(async () => {
      expect((await ownerExec(usdc, transfer)).status).toBe('success')
      expect(await balanceOf(arb.client, usdc, attacker)).toBe(AMOUNT)
    })
    const error = await ferryRefuses((a) => {
      a.tx.to = usdc
      a.tx.data = transfer
    })
    expect((error as VerificationError).field).toBe('tx.data')
    const bypass = await sender
      .send({ kind: 'order', to: usdc, data: transfer, value: 0n, gasLimit: 300_000n })
      .catch((e: unknown) => e)
    expect((bypass as VerificationError).field).toBe('tx.to')
    expect(await balanceOf(arb.client, usdc, attacker)).toBe(0n)
  })
})

const world = () => ({ devnet, arb, safe, sender, journal, ownerExec, ferryRefuses, withSnapshot })
safeAllowanceCases(world)
safeResumeCases(world)
