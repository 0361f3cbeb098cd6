import {
  type Abi,
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ChainId } from '../../../src/api/schemas/chainId.ts'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { executeEvmOrder } from '../../../src/chains/evm/executeEvmOrder.ts'
import { readEvmOrderFacts } from '../../../src/chains/evm/readEvmOrderFacts.ts'
import type { MemorySendJournal } from '../../../src/chains/evm/sendJournal.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import { decodeOrderCalldata } from '../../../src/chains/verify/decodeOrderCalldata.ts'
import { deriveOrder } from '../../../src/chains/verify/deriveOrder.ts'
import { ValueFlowError } from '../../../src/chains/verify/ValueFlowError.ts'
import { VerificationError } from '../../../src/chains/verify/VerificationError.ts'
import { verifyEvmOrderTx } from '../../../src/chains/verify/verifyEvmOrderTx.ts'
import {
  type Devnet,
  type DevnetEvmChain,
  startDevnet,
} from '../../../src/sim/devnet/startDevnet.ts'
import { placeAttackContract } from './attackContracts.ts'
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
import { startTamperProxy, type TamperProxy } from './startTamperProxy.ts'

// Each attack: first proven real (the bytes, sent without ferry, move funds to the attacker),
// then refused by ferry before anything is signed, by the value-flow rule that catches it.
const attacker = '0x000000000000000000000000000000000000a77a' as Address
const drainer = '0x000000000000000000000000000000000000d0d0' as Address
const mirror = '0x000000000000000000000000000000000000f00d' as Address
const dlnSource = EVM_CONTRACTS.dlnSource as Address
const forwarder = EVM_CONTRACTS.forwarder as Address
const AMOUNT = 100_000_000n // 100 USDC
let devnet: Devnet
let arb: DevnetEvmChain
let base: DevnetEvmChain
let sender: EvmSender
let journal: MemorySendJournal
let proxy: TamperProxy
let mirrorAbi: Abi
let usdc: Address
let weth: Address

type Answer = { tx: { to: string; data: Hex; value: string; gasLimit?: number }; orderId: string }

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, solver: false })
  ;[arb, base] = chainsOf(devnet)
  ;({ sender, journal } = testSender(arb))
  proxy = await startTamperProxy(devnet.sim.baseUrl)
  usdc = arb.contracts.tokens.USDC.address as Address
  weth = arb.contracts.tokens.WETH.address as Address
  await placeAttackContract(arb.rpcUrl, 'Drainer', drainer)
  mirrorAbi = await placeAttackContract(arb.rpcUrl, 'MirrorToken', mirror)
  // The drainer's dust: 1 wei of WETH per attack, paid back to the forwarder.
  await userWallet().writeContract({
    chain: null,
    address: weth,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [drainer, 10n],
  })
})
afterAll(async () => {
  sender?.close()
  await proxy?.close()
  await devnet?.stop()
})

function userWallet() {
  return createWalletClient({ account: user.account, transport: http(arb.rpcUrl) })
}

/** The attacker's mirror token: balanceOf = `watched`'s balance (or allowance to `spender`) of `holder`. */
async function pointMirror(
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

/**
 * Rewrites an honest direct order into the forwarder's strictlySwapAndCall with the attacker's
 * pre-swap (`router`, `swapCalldata`) and give token, keeping every field check satisfied:
 * input token and amount, refund recipient (ferry), receiver (DlnSource), give token == swap
 * output != input, giveAmount == expectedAmountOut > 0, and a matching orderId.
 */
function wrapInForwarder(
  swap: { router: Address; swapCalldata: Hex; tokenOut: Address; expectedAmountOut: bigint },
  transferFeeBps: bigint,
): (a: Answer) => void {
  return (a) => {
    const honest = decodeOrderCalldata(a.tx.data)
    if (honest.swap) throw new Error('expected a direct order to wrap')
    const creation = {
      ...honest.creation,
      giveTokenAddress: swap.tokenOut,
      giveAmount: swap.expectedAmountOut,
    }
    const inner = encodeFunctionData({
      abi: dlnSourceAbi,
      functionName: 'createSaltedOrder',
      args: [
        creation,
        honest.salt!,
        honest.affiliateFee,
        honest.referralCode,
        '0x',
        honest.metadata,
      ],
    })
    a.tx.to = forwarder
    a.tx.data = encodeFunctionData({
      abi: crosschainForwarderAbi,
      functionName: 'strictlySwapAndCall',
      args: [
        usdc,
        honest.creation.giveAmount,
        '0x',
        swap.router,
        swap.swapCalldata,
        swap.tokenOut,
        swap.expectedAmountOut,
        user.address,
        dlnSource,
        inner,
      ],
    })
    if (a.tx.gasLimit !== undefined) a.tx.gasLimit = 1_500_000
    a.orderId = computeOrderId(
      deriveOrder(decodeOrderCalldata(a.tx.data), {
        sender: user.address.toLowerCase() as Hex,
        srcChainId: arb.chainId as ChainId,
        transferFeeBps,
      }),
    )
  }
}

const intent = () => orderIntent(arb, base, usdc, AMOUNT, base.contracts.tokens.USDC.address)

async function facts() {
  return readEvmOrderFacts(arb.client, { dlnSource, owner: user.address })
}

/**
 * (a) The malicious bytes pass ferry's field checks, and sent without ferry (approve + tx from
 * the devnet wallet) they really move funds: `proveMoved` checks it. State is rolled back after.
 */
async function proveReal(mutate: (a: Answer) => void, proveMoved: () => Promise<void>) {
  const { quote } = await testApi(devnet.sim.baseUrl).createOrderTx({
    srcChainId: arb.chainId as ChainId,
    srcChainTokenIn: usdc,
    srcChainTokenInAmount: AMOUNT,
    dstChainId: base.chainId as ChainId,
    dstChainTokenOut: base.contracts.tokens.USDC.address,
    dstChainTokenOutRecipient: user.address,
    senderAddress: user.address,
    srcChainOrderAuthorityAddress: user.address,
    dstChainOrderAuthorityAddress: user.address,
    srcAllowedCancelBeneficiary: user.address,
  })
  const answer = structuredClone(quote) as unknown as Answer
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
async function ferryRefuses(mutate: (a: Answer) => void): Promise<ValueFlowError> {
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

describe('value-flow attacks through the forwarder (P-8.1..P-8.7)', () => {
  test('behavior: a pre-swap that pays the attacker, leaving dust for the order, is refused (valueConserved)', async () => {
    const { transferFeeBps } = await facts()
    // The router is the attacker's contract: it takes the 100 USDC the forwarder approved it
    // for and pays back 1 wei of WETH, which becomes the order's whole give amount.
    const attack = wrapInForwarder(
      {
        router: drainer,
        swapCalldata: encodeFunctionData({
          abi: [
            {
              type: 'function',
              name: 'drain',
              stateMutability: 'nonpayable',
              inputs: [
                { name: 'tokenIn', type: 'address' },
                { name: 'amountIn', type: 'uint256' },
                { name: 'to', type: 'address' },
                { name: 'dustToken', type: 'address' },
                { name: 'dust', type: 'uint256' },
              ],
              outputs: [],
            },
          ],
          functionName: 'drain',
          args: [usdc, AMOUNT, attacker, weth, 1n],
        }),
        tokenOut: weth,
        expectedAmountOut: 1n,
      },
      transferFeeBps,
    )
    await proveReal(attack, async () => {
      expect(await balanceOf(arb.client, usdc, attacker)).toBe(AMOUNT)
    })
    const error = await ferryRefuses(attack)
    expect(error.rule).toBe('valueConserved')
    expect(error.shortMessage).toMatch(
      /^value flow: 100\.00 .* left the wallet, the order gives 0\.0+1 /,
    )
    expect(error.metaMessages.join('\n').toLowerCase()).toContain(attacker)
  })

  test('behavior: the literal variant (router = input token, transfer to the attacker, give 0) is refused by the field rules now', async () => {
    const { transferFeeBps } = await facts()
    const attack = wrapInForwarder(
      {
        router: usdc,
        swapCalldata: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [attacker, AMOUNT],
        }),
        tokenOut: weth,
        expectedAmountOut: 0n,
      },
      transferFeeBps,
    )
    proxy.tamper = (path, _q, body) => {
      if (path.endsWith('/create-tx')) attack(body as Answer)
      return body
    }
    const error = await executeEvmOrder({
      ...devnetValueFlow,
      intent: intent(),
      api: testApi(proxy.url),
      sender,
    })
      .catch((e: unknown) => e)
      .finally(() => {
        proxy.tamper = undefined
      })
    expect((error as VerificationError).field).toBe('tx.data._srcTokenExpectedAmountOut')
  })

  test('behavior: a pre-swap that leaves the attacker an approval over the stranded input is refused (approval)', async () => {
    const { transferFeeBps } = await facts()
    // The forwarder itself approves the attacker for the 100 USDC it pulled from ferry; the
    // mirror token reports that allowance as "swap output", so the order is created (giving a
    // worthless token) and the USDC stays in the forwarder for the attacker to take later.
    await pointMirror(usdc, forwarder, attacker)
    const attack = wrapInForwarder(
      {
        router: usdc,
        swapCalldata: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [attacker, AMOUNT],
        }),
        tokenOut: mirror,
        expectedAmountOut: AMOUNT,
      },
      transferFeeBps,
    )
    await proveReal(attack, async () => {
      expect(await allowanceOf(arb.client, usdc, forwarder, attacker)).toBe(AMOUNT)
      await rpcCall(arb.rpcUrl, 'anvil_impersonateAccount', [attacker])
      await rpcCall(arb.rpcUrl, 'anvil_setBalance', [attacker, '0xde0b6b3a7640000'])
      const thief = createWalletClient({ account: attacker, transport: http(arb.rpcUrl) })
      const hash = await thief.writeContract({
        chain: null,
        address: usdc,
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [forwarder, attacker, AMOUNT],
      })
      await arb.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      expect(await balanceOf(arb.client, usdc, attacker)).toBe(AMOUNT)
    })
    const error = await ferryRefuses(attack)
    expect(error.rule).toBe('approval')
    expect(error.violations[0]!.message).toContain(attacker.toLowerCase())
  })

  test('behavior: a pre-swap that spends a standing allowance of a second token is refused (outflow)', async () => {
    const { transferFeeBps } = await facts()
    // An earlier unlimited WETH approval to the forwarder (e.g. from a past wrapped order) is
    // spent by the forwarder itself: router = WETH, calldata = transferFrom(ferry, attacker, x).
    const stolen = 5n * 10n ** 17n
    await userWallet().writeContract({
      chain: null,
      address: weth,
      abi: erc20Abi,
      functionName: 'approve',
      args: [forwarder, maxUint256],
    })
    await pointMirror(weth, attacker)
    const attack = wrapInForwarder(
      {
        router: weth,
        swapCalldata: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transferFrom',
          args: [user.address, attacker, stolen],
        }),
        tokenOut: mirror,
        expectedAmountOut: stolen,
      },
      transferFeeBps,
    )
    try {
      const before = await balanceOf(arb.client, weth, attacker)
      await proveReal(attack, async () => {
        expect(await balanceOf(arb.client, weth, attacker)).toBe(before + stolen)
      })
      const error = await ferryRefuses(attack)
      expect(error.rule).toBe('outflow')
      expect(error.violations[0]!.message).toContain('left the wallet unplanned')
    } finally {
      await userWallet().writeContract({
        chain: null,
        address: weth,
        abi: erc20Abi,
        functionName: 'approve',
        args: [forwarder, 0n],
      })
    }
  })

  test('default: honest direct and honest wrapped orders (real pre-swap) still pass', async () => {
    const direct = await executeEvmOrder({
      ...devnetValueFlow,
      intent: intent(),
      api: testApi(proxy.url),
      sender,
    })
    expect(direct.verified.call.swap).toBeUndefined()
    const usdt = arb.contracts.tokens.USDT.address
    const wrapped = await executeEvmOrder({
      ...devnetValueFlow,
      intent: orderIntent(arb, base, usdt, AMOUNT, base.contracts.tokens.USDC.address),
      api: testApi(proxy.url),
      sender,
    })
    expect(wrapped.verified.call.swap).toBeDefined()
    expect(wrapped.orderId).toBe(wrapped.quote.orderId)
  })
})
