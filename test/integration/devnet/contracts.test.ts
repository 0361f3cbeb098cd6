import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  numberToHex,
  parseEventLogs,
  type TransactionReceipt,
  toEventSelector,
  toFunctionSelector,
  zeroAddress,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { NetHook } from '../../../src/api/schemas/hooks.ts'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { readMessagingFee } from '../../../src/chains/evm/readMessagingFee.ts'
import { readTakeOrder } from '../../../src/chains/evm/readTakeOrder.ts'
import { encodeHookBytes } from '../../../src/chains/hooks/encodeHookBytes.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder, DlnOrderCreation } from '../../../src/chains/orderId/dlnOrder.ts'
import {
  type ContractArtifacts,
  loadContractArtifacts,
} from '../../../src/devnet/compileContracts.ts'
import { devnetMessengerAbi } from '../../../src/devnet/devnetMessengerAbi.ts'
import { type InstalledContracts, installContracts } from '../../../src/devnet/installContracts.ts'
import { type AnvilChain, startAnvil } from '../../../src/devnet/startAnvil.ts'
import { buildEvmOrderTx } from '../../../src/sim/quote/buildEvmOrderTx.ts'
import { simSwapRouterAbi } from '../../../src/sim/quote/simSwapRouterAbi.ts'

// Anvil's well-known test accounts (unlocked on the node, so no keys are needed here).
const USER: Address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const TAKER: Address = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const RECEIVER: Address = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const RELAYER: Address = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
const BENEFICIARY: Address = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65'
const AFFILIATE: Address = '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc'
const FIX_FEE = 1_000_000_000_000_000n
/** The devnet messenger's flat fee per message (installContracts' default). */
const MESSAGE_FEE = 500_000_000_000_000n
const SRC_ID = 42161
const DST_ID = 8453

type Chain = ReturnType<typeof connect> & { anvil: AnvilChain; c: InstalledContracts }

function connect(rpcUrl: string) {
  const transport = http(rpcUrl)
  return {
    pub: createPublicClient({ transport, pollingInterval: 50 }),
    wallet: createWalletClient({ transport }),
  }
}

let artifacts: ContractArtifacts
let src: Chain
let dst: Chain
let saltCounter = 1_767_225_600_000n

const errorsOf = (...names: string[]): Abi =>
  names.flatMap((n) => (artifacts[n]?.abi ?? []).filter((item) => item.type === 'error'))
// The shared TS ABIs encode the calls; the compiled errors decode the reverts.
const sourceAbi = (): Abi => [...dlnSourceAbi, ...errorsOf('DlnSource', 'SimToken')]
const destinationAbi = (): Abi => [
  ...dlnDestinationAbi,
  ...errorsOf('DlnDestination', 'DlnExternalCallAdapter', 'SimToken', 'DevnetMessenger'),
]
const artifactAbi = (name: string): Abi => {
  const artifact = artifacts[name]
  if (!artifact) throw new Error(`no artifact ${name}`)
  return artifact.abi
}

type Call = {
  from: Address
  address: Address
  abi: Abi
  functionName: string
  args: readonly unknown[]
  value?: bigint
}

async function send(chain: Chain, call: Call): Promise<TransactionReceipt> {
  const hash = await chain.wallet.writeContract({ ...call, account: call.from, chain: null })
  const receipt = await chain.pub.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

/** The decoded custom error of a call that must revert (eth_call from `from`). */
async function revertOf(
  chain: Chain,
  call: Call,
): Promise<{ name: string | undefined; args: readonly unknown[] | undefined }> {
  try {
    await chain.pub.simulateContract({ ...call, account: call.from })
  } catch (error) {
    const reverted =
      error instanceof BaseError
        ? error.walk((e) => e instanceof ContractFunctionRevertedError)
        : undefined
    if (reverted instanceof ContractFunctionRevertedError) {
      return { name: reverted.data?.errorName, args: reverted.data?.args }
    }
    throw error
  }
  throw new Error(`${call.functionName} did not revert`)
}

const balanceOf = (chain: Chain, token: Address, owner: Address): Promise<bigint> =>
  chain.pub.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

const mint = (chain: Chain, token: Address, to: Address, amount: bigint): Promise<unknown> =>
  send(chain, {
    from: USER,
    address: token,
    abi: artifactAbi('SimToken'),
    functionName: 'mint',
    args: [to, amount],
  })

const approve = (chain: Chain, from: Address, token: Address, spender: Address, amount: bigint) =>
  send(chain, {
    from,
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [spender, amount],
  })

/** §1.7's order: 100 USDC Arbitrum -> USDC Base with 0.035 USDC opex prepended. */
function creationOf(overrides: Partial<DlnOrderCreation> = {}): DlnOrderCreation {
  return {
    giveTokenAddress: src.c.tokens.USDC.address,
    giveAmount: 100_035_000n,
    takeTokenAddress: dst.c.tokens.USDC.address,
    takeAmount: 99_919_989n,
    takeChainId: BigInt(DST_ID),
    receiverDst: RECEIVER,
    givePatchAuthoritySrc: USER,
    orderAuthorityAddressDst: USER,
    allowedTakerDst: '0x',
    externalCall: '0x',
    allowedCancelBeneficiarySrc: '0x',
    ...overrides,
  }
}

const createCall = (
  creation: DlnOrderCreation,
  salt: bigint,
  affiliateFee: Hex = '0x',
  value = FIX_FEE,
): Call => ({
  from: USER,
  address: src.c.dlnSource,
  abi: sourceAbi(),
  functionName: 'createSaltedOrder',
  args: [creation, salt, affiliateFee, 31805, '0x', '0xabcd'],
  value,
})

async function createOrder(
  creation: DlnOrderCreation,
  affiliateFee: Hex = '0x',
): Promise<{ order: DlnOrder; orderId: Hex; percentFee: bigint; receipt: TransactionReceipt }> {
  const receipt = await send(src, createCall(creation, saltCounter++, affiliateFee))
  const [log] = parseEventLogs({ abi: dlnSourceAbi, logs: receipt.logs, eventName: 'CreatedOrder' })
  if (!log) throw new Error('no CreatedOrder')
  return { ...log.args, receipt }
}

/** A destination-only order (no source side needed to test fills and hooks). */
function destinationOrder(overrides: Partial<DlnOrder> = {}): DlnOrder {
  return {
    makerOrderNonce: saltCounter++,
    makerSrc: USER,
    giveChainId: BigInt(SRC_ID),
    giveTokenAddress: src.c.tokens.USDC.address,
    giveAmount: 1_000_000n,
    takeChainId: BigInt(DST_ID),
    takeTokenAddress: dst.c.tokens.USDC.address,
    takeAmount: 990_000n,
    receiverDst: RECEIVER,
    givePatchAuthoritySrc: USER,
    orderAuthorityAddressDst: USER,
    allowedTakerDst: '0x',
    allowedCancelBeneficiarySrc: '0x',
    externalCall: '0x',
    ...overrides,
  }
}

const fulfillCall = (order: DlnOrder, orderId: Hex = computeOrderId(order)): Call => ({
  from: TAKER,
  address: dst.c.dlnDestination,
  abi: destinationAbi(),
  functionName: 'fulfillOrder',
  args: [order, order.takeAmount, orderId, '0x', TAKER, BENEFICIARY],
})

/** Reads MessageSent on `from` and delivers it on `to` as the relayer. */
async function relay(receipt: TransactionReceipt, to: Chain): Promise<TransactionReceipt> {
  const [message] = parseEventLogs({
    abi: devnetMessengerAbi,
    logs: receipt.logs,
    eventName: 'MessageSent',
  })
  if (!message) throw new Error('no MessageSent')
  expect(message.args.dstChainId).toBe(BigInt(to.c.chainId))
  return send(to, {
    from: RELAYER,
    address: to.c.messenger,
    abi: [...devnetMessengerAbi, ...errorsOf('DlnSource')],
    functionName: 'deliver',
    args: [message.args.target, message.args.data],
  })
}

async function startChain(chainId: number): Promise<Chain> {
  const anvil = await startAnvil({ chainId })
  const c = await installContracts(anvil.rpcUrl, {
    chainId,
    relayer: RELAYER,
    fixedFeeWei: FIX_FEE,
    transferFeeBps: 4,
  })
  return { ...connect(anvil.rpcUrl), anvil, c }
}

beforeAll(async () => {
  artifacts = await loadContractArtifacts()
  ;[src, dst] = await Promise.all([startChain(SRC_ID), startChain(DST_ID)])
  await mint(src, src.c.tokens.USDC.address, USER, 10n ** 12n)
  await approve(src, USER, src.c.tokens.USDC.address, src.c.dlnSource, 2n ** 255n)
  await mint(dst, dst.c.tokens.USDC.address, TAKER, 10n ** 12n)
  await approve(dst, TAKER, dst.c.tokens.USDC.address, dst.c.dlnDestination, 2n ** 255n)
}, 60_000)

afterAll(async () => {
  await Promise.all([src?.anvil.stop(), dst?.anvil.stop()])
})

describe('installed contracts', () => {
  test('sit at the canonical addresses with the configured fees', async () => {
    expect(src.c.dlnSource).toBe('0xeF4fB24aD0916217251F553c0596F8Edc630EB66')
    expect(src.c.tokens.USDC.address).toBe('0xaf88d065e77c8cc2239327c5edb3a432268e5831')
    expect(dst.c.tokens.WETH.address).toBe('0x4200000000000000000000000000000000000006')
    const read = (functionName: 'globalFixedNativeFee' | 'globalTransferFeeBps') =>
      src.pub.readContract({ address: src.c.dlnSource, abi: dlnSourceAbi, functionName })
    expect(await read('globalFixedNativeFee')).toBe(FIX_FEE)
    expect(await read('globalTransferFeeBps')).toBe(4)
    const decimals = await dst.pub.readContract({
      address: dst.c.tokens.WBTC.address,
      abi: erc20Abi,
      functionName: 'decimals',
    })
    expect(decimals).toBe(8)
  })

  test('implement every function and event of the shared TS ABIs', () => {
    const pairs: [readonly { type: string }[], string][] = [
      [dlnSourceAbi, 'DlnSource'],
      [dlnDestinationAbi, 'DlnDestination'],
      [crosschainForwarderAbi, 'CrosschainForwarder'],
      [simSwapRouterAbi, 'SimSwapRouter'],
      [devnetMessengerAbi, 'DevnetMessenger'],
    ]
    const ids = (abi: readonly { type: string }[]): string[] =>
      abi.flatMap((item) => {
        // biome-ignore lint/suspicious/noExplicitAny: viem's selector helpers take any ABI item
        const i = item as any
        if (i.type === 'function') return [toFunctionSelector(i)]
        if (i.type === 'event') return [toEventSelector(i)]
        return []
      })
    for (const [abi, name] of pairs) {
      const compiled = ids(artifactAbi(name))
      expect(ids(abi).filter((id) => !compiled.includes(id))).toEqual([])
    }
    // docs/dln.md §4.3: selectors and topics of the real contracts.
    const source = ids(artifactAbi('DlnSource'))
    const destination = ids(artifactAbi('DlnDestination'))
    for (const id of [
      '0xfbe16ca7',
      '0xb9303701',
      '0x35087f0a',
      '0x5c837198',
      '0xb2a453f8',
      '0xdf21dc1d',
      '0x50e95591',
      '0x5886d8d2',
      '0xd48b0146',
      '0xfc8703fd57380f9dd234a89dce51333782d49c5902f307b02f03e014d18fe471',
      '0x33fff3d864e92b6e1ef9e830196fc019c946104ea621b833aaebd3c3e84b2f6f',
      '0x7d7d1c5b3eadbe275ceb358e65cd57410b35997187258dbaaae42ab6e1405fd8',
    ]) {
      expect(source).toContain(id)
    }
    for (const id of [
      '0xc358547e',
      '0x0ebcd2f6',
      '0xb41100b3',
      '0xd38d9626',
      '0x5b2f30e9',
      '0xd281ee92bab1446041582480d2c0a9dc91f855386bb27ea295faac1e992f7fe4',
      '0x37a01d7dc38e924008cf4f2fa3d2ec1f45e7ae3c8292eb3e7d9314b7ad10e2fc',
      '0xc756fd0227d1d70cec0ead41b16a90a1cac618da1d612cb5d0b72d93301369de',
    ]) {
      expect(destination).toContain(id)
    }
    expect(ids(artifactAbi('CrosschainForwarder'))).toContain('0x4d8160ba')
  })
})

describe('DlnSource', () => {
  test('getOrderId reproduces the golden orderId of docs/dln.md §1.7', async () => {
    const maker: Hex = '0x1111111111111111111111111111111111111111'
    const order: DlnOrder = {
      makerOrderNonce: 1_767_225_600_000n,
      makerSrc: maker,
      giveChainId: 42161n,
      giveTokenAddress: src.c.tokens.USDC.address,
      giveAmount: 99_994_986n,
      takeChainId: 8453n,
      takeTokenAddress: dst.c.tokens.USDC.address,
      takeAmount: 99_919_989n,
      receiverDst: maker,
      givePatchAuthoritySrc: maker,
      orderAuthorityAddressDst: maker,
      allowedTakerDst: '0x',
      allowedCancelBeneficiarySrc: '0x',
      externalCall: '0x',
    }
    const onChain = await src.pub.readContract({
      address: src.c.dlnSource,
      abi: artifactAbi('DlnSource'),
      functionName: 'getOrderId',
      args: [order],
    })
    expect(onChain).toBe('0x9dd56ca83ea0fc2cd7c8d50819dc15d4ca23a79180b5663f49aac01fa5718861')
    expect(computeOrderId(order)).toBe(onChain)
  })

  test('createSaltedOrder takes the fees and emits CreatedOrder with the TS orderId', async () => {
    const usdc = src.c.tokens.USDC.address
    const userBefore = await balanceOf(src, usdc, USER)
    const etherBefore = await src.pub.getBalance({ address: src.c.dlnSource })
    const { order, orderId, percentFee, receipt } = await createOrder(creationOf())
    expect(receipt.logs[receipt.logs.length - 1]?.topics[0]).toBe(
      '0xfc8703fd57380f9dd234a89dce51333782d49c5902f307b02f03e014d18fe471',
    )
    expect(order.giveAmount).toBe(99_994_986n)
    expect(percentFee).toBe(40_014n)
    expect(order.makerSrc).toBe(USER)
    expect(order.giveChainId).toBe(BigInt(SRC_ID))
    expect(orderId).toBe(computeOrderId(order))
    expect(userBefore - (await balanceOf(src, usdc, USER))).toBe(100_035_000n)
    expect((await src.pub.getBalance({ address: src.c.dlnSource })) - etherBefore).toBe(FIX_FEE)
    const state = await src.pub.readContract({
      address: src.c.dlnSource,
      abi: dlnSourceAbi,
      functionName: 'giveOrders',
      args: [orderId],
    })
    expect(state).toEqual([1, BigInt(usdc), FIX_FEE, DST_ID, 40_014n, 99_994_986n, zeroAddress, 0n])
  })

  test('createOrder uses and bumps the maker nonce', async () => {
    const nonce = await src.pub.readContract({
      address: src.c.dlnSource,
      abi: dlnSourceAbi,
      functionName: 'masterNonce',
      args: [USER],
    })
    const receipt = await send(src, {
      from: USER,
      address: src.c.dlnSource,
      abi: sourceAbi(),
      functionName: 'createOrder',
      args: [creationOf(), '0x', 0, '0x'],
      value: FIX_FEE,
    })
    const [log] = parseEventLogs({
      abi: dlnSourceAbi,
      logs: receipt.logs,
      eventName: 'CreatedOrder',
    })
    expect(log?.args.order.makerOrderNonce).toBe(nonce)
    expect(log?.args.metadata).toBe('0x')
  })

  test('reverts WrongFixedFee with the received and actual fee', async () => {
    const r = await revertOf(src, createCall(creationOf(), saltCounter++, '0x', 0n))
    expect(r).toEqual({ name: 'WrongFixedFee', args: [0n, FIX_FEE] })
  })

  test('reverts MismatchNativeGiveAmount when native value lacks the fee', async () => {
    const creation = creationOf({ giveTokenAddress: zeroAddress, giveAmount: 10n ** 16n })
    const short = await revertOf(src, createCall(creation, saltCounter++, '0x', 10n ** 16n))
    expect(short.name).toBe('MismatchNativeGiveAmount')
    // The same order with amount + fee goes through.
    const receipt = await send(src, createCall(creation, saltCounter++, '0x', 10n ** 16n + FIX_FEE))
    const [log] = parseEventLogs({
      abi: dlnSourceAbi,
      logs: receipt.logs,
      eventName: 'CreatedOrder',
    })
    expect(log?.args.order.giveTokenAddress).toBe(zeroAddress)
    expect(log?.args.order.giveAmount).toBe(10n ** 16n - 4n * 10n ** 12n)
  })

  test.each([
    ['receiverDst of 32 bytes', { receiverDst: `0x${'11'.repeat(32)}` as Hex }],
    ['takeTokenAddress of 19 bytes', { takeTokenAddress: `0x${'22'.repeat(19)}` as Hex }],
    ['allowedTakerDst of 21 bytes', { allowedTakerDst: `0x${'33'.repeat(21)}` as Hex }],
    [
      'allowedCancelBeneficiarySrc of 32 bytes',
      {
        allowedCancelBeneficiarySrc: `0x${'44'.repeat(32)}` as Hex,
      },
    ],
  ])('reverts WrongAddressLength for %s', async (_, overrides) => {
    const r = await revertOf(src, createCall(creationOf(overrides), saltCounter++))
    expect(r.name).toBe('WrongAddressLength')
  })

  test('accepts 32-byte addresses for a Solana destination', async () => {
    const key = `0x${'55'.repeat(32)}` as Hex
    const creation = creationOf({
      takeChainId: 7565164n,
      takeTokenAddress: key,
      receiverDst: key,
      orderAuthorityAddressDst: key,
    })
    const { order, orderId } = await createOrder(creation)
    expect(orderId).toBe(computeOrderId(order))
  })

  test('reverts IncorrectOrderStatus on a duplicate order', async () => {
    const salt = saltCounter++
    await send(src, createCall(creationOf(), salt))
    const r = await revertOf(src, createCall(creationOf(), salt))
    expect(r.name).toBe('IncorrectOrderStatus')
  })

  test('reverts NotSupportedDstChain, WrongAffiliateFeeLength and ZeroAddress', async () => {
    const unknownChain = await revertOf(
      src,
      createCall(creationOf({ takeChainId: 999n }), saltCounter++),
    )
    expect(unknownChain.name).toBe('NotSupportedDstChain')
    const sameChain = await revertOf(
      src,
      createCall(creationOf({ takeChainId: BigInt(SRC_ID) }), saltCounter++),
    )
    expect(sameChain.name).toBe('NotSupportedDstChain')
    const shortFee = await revertOf(
      src,
      createCall(creationOf(), saltCounter++, `0x${'00'.repeat(51)}`),
    )
    expect(shortFee.name).toBe('WrongAffiliateFeeLength')
    const noBeneficiary = concatHex([zeroAddress, numberToHex(5n, { size: 32 })])
    const zero = await revertOf(src, createCall(creationOf(), saltCounter++, noBeneficiary))
    expect(zero.name).toBe('ZeroAddress')
  })

  test('an order through the forwarder swaps, refunds the surplus and keeps the user as maker', async () => {
    const { USDT, USDC } = src.c.tokens
    await send(src, {
      from: src.c.routerOwner,
      address: src.c.swapRouter,
      abi: artifactAbi('SimSwapRouter'),
      functionName: 'setRate',
      args: [USDT.address, USDC.address, 1n, 1n],
    })
    await mint(src, USDT.address, USER, 101_000_000n)
    await approve(src, USER, USDT.address, src.c.forwarder, 101_000_000n)
    const usdcBefore = await balanceOf(src, USDC.address, USER)
    const tx = buildEvmOrderTx({
      creation: creationOf(),
      salt: saltCounter++,
      affiliateFee: '0x',
      referralCode: 0,
      permitEnvelope: '0x',
      metadata: '0x',
      value: FIX_FEE,
      preSwap: {
        tokenIn: USDT.address,
        amountIn: 101_000_000n,
        tokenOut: USDC.address,
        expectedAmountOut: 100_035_000n,
        refundRecipient: USER,
        router: src.c.swapRouter,
      },
    })
    const hash = await src.wallet.sendTransaction({ account: USER, chain: null, ...tx })
    const receipt = await src.pub.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    const [log] = parseEventLogs({
      abi: dlnSourceAbi,
      logs: receipt.logs,
      eventName: 'CreatedOrder',
    })
    expect(log?.args.order.makerSrc).toBe(USER)
    expect(log?.args.order.giveAmount).toBe(99_994_986n)
    expect(await balanceOf(src, USDT.address, USER)).toBe(0n)
    expect((await balanceOf(src, USDC.address, USER)) - usdcBefore).toBe(965_000n)
    expect(await balanceOf(src, USDC.address, src.c.forwarder)).toBe(0n)
  })
})

describe('DlnDestination', () => {
  test('fulfillOrder pays the receiver takeAmount; sendEvmUnlock lets the taker claim', async () => {
    const affiliateFee = concatHex([AFFILIATE, numberToHex(5_000n, { size: 32 })])
    const { order, orderId } = await createOrder(creationOf(), affiliateFee)
    const usdc = dst.c.tokens.USDC.address
    const receiverBefore = await balanceOf(dst, usdc, RECEIVER)
    const receipt = await send(dst, {
      ...fulfillCall(order, orderId),
      args: [order, order.takeAmount, orderId, '0x', TAKER],
    })
    expect((await balanceOf(dst, usdc, RECEIVER)) - receiverBefore).toBe(99_919_989n)
    const [filled] = parseEventLogs({
      abi: dlnDestinationAbi,
      logs: receipt.logs,
      eventName: 'FulfilledOrder',
    })
    expect(filled?.args).toMatchObject({
      orderId,
      sender: getAddress(TAKER),
      unlockAuthority: getAddress(TAKER),
    })
    const take = await readTakeOrder(dst.pub, dst.c.dlnDestination, orderId)
    expect(take).toEqual({
      status: 1,
      takerAddress: getAddress(TAKER),
      giveChainId: BigInt(SRC_ID),
    })

    expect((await revertOf(dst, fulfillCall(order, orderId))).name).toBe('IncorrectOrderStatus')
    const notTaker = { from: USER, args: [orderId, BENEFICIARY, 0n] }
    const unlock: Call = {
      from: TAKER,
      address: dst.c.dlnDestination,
      abi: destinationAbi(),
      functionName: 'sendEvmUnlock',
      args: [orderId, BENEFICIARY, 0n],
      value: MESSAGE_FEE,
    }
    expect((await revertOf(dst, { ...unlock, ...notTaker })).name).toBe('Unauthorized')
    expect((await revertOf(dst, { ...unlock, value: 0n })).name).toBe('TransferAmountNotCoverFees')
    const sent = await send(dst, unlock)
    const srcUsdc = src.c.tokens.USDC.address
    const beneficiaryBefore = await balanceOf(src, srcUsdc, BENEFICIARY)
    const affiliateBefore = await balanceOf(src, srcUsdc, AFFILIATE)
    const claimed = await relay(sent, src)
    expect((await balanceOf(src, srcUsdc, BENEFICIARY)) - beneficiaryBefore).toBe(99_989_986n)
    expect((await balanceOf(src, srcUsdc, AFFILIATE)) - affiliateBefore).toBe(5_000n)
    const events = parseEventLogs({ abi: artifactAbi('DlnSource'), logs: claimed.logs })
    expect(events.map((e) => e.eventName)).toEqual(
      expect.arrayContaining(['ClaimedUnlock', 'AffiliateFeePaid']),
    )
    // A replayed message only logs: nothing is paid twice.
    const replay = await relay(sent, src)
    const replayEvents = parseEventLogs({ abi: artifactAbi('DlnSource'), logs: replay.logs })
    expect(replayEvents.map((e) => e.eventName)).toContain('UnexpectedOrderStatusForClaim')
    expect((await balanceOf(src, srcUsdc, BENEFICIARY)) - beneficiaryBefore).toBe(99_989_986n)
  })

  test('fulfillOrder checks chain, id, amount, allowed taker and native value', async () => {
    const order = destinationOrder()
    const id = computeOrderId(order)
    const wrongChain = destinationOrder({ takeChainId: BigInt(SRC_ID) })
    expect((await revertOf(dst, fulfillCall(wrongChain))).name).toBe('WrongChain')
    expect((await revertOf(dst, fulfillCall(order, `0x${'00'.repeat(32)}`))).name).toBe(
      'MismatchedOrderId',
    )
    const lessAmount = { ...fulfillCall(order), args: [order, 1n, id, '0x', TAKER, TAKER] }
    expect((await revertOf(dst, lessAmount)).name).toBe('MismatchTakerAmount')
    const onlyUser = destinationOrder({ allowedTakerDst: USER })
    expect((await revertOf(dst, fulfillCall(onlyUser))).name).toBe('Unauthorized')
    const native = destinationOrder({ takeTokenAddress: zeroAddress })
    expect((await revertOf(dst, fulfillCall(native))).name).toBe('MismatchNativeTakerAmount')
    const receiverBefore = await dst.pub.getBalance({ address: RECEIVER })
    await send(dst, { ...fulfillCall(native), value: native.takeAmount })
    expect((await dst.pub.getBalance({ address: RECEIVER })) - receiverBefore).toBe(990_000n)
  })
})

describe('hooks', () => {
  const CALL_PAYLOAD = [
    {
      type: 'tuple',
      components: [
        { name: 'to', type: 'address' },
        { name: 'txGas', type: 'uint32' },
        { name: 'callData', type: 'bytes' },
      ],
    },
  ] as const
  const hookTargetCall = (functionName: 'pull' | 'fail', amount = 990_000n): Hex =>
    functionName === 'pull'
      ? encodeFunctionData({
          abi: artifactAbi('SimHookTarget'),
          functionName,
          args: [dst.c.tokens.USDC.address, amount, BENEFICIARY],
        })
      : encodeFunctionData({ abi: artifactAbi('SimHookTarget'), functionName })
  const hookEvents = (receipt: TransactionReceipt) =>
    parseEventLogs({ abi: artifactAbi('DlnExternalCallAdapter'), logs: receipt.logs })

  test('evm_transaction_call runs the call with the take amount approved', async () => {
    const hook: NetHook = {
      type: 'evm_transaction_call',
      data: { to: dst.c.hookTarget, calldata: hookTargetCall('pull'), gas: 200_000 },
    }
    const order = destinationOrder({ externalCall: encodeHookBytes(hook, RECEIVER) })
    const usdc = dst.c.tokens.USDC.address
    const receiverBefore = await balanceOf(dst, usdc, RECEIVER)
    const targetBefore = await balanceOf(dst, usdc, dst.c.hookTarget)
    const receipt = await send(dst, fulfillCall(order))
    expect((await balanceOf(dst, usdc, dst.c.hookTarget)) - targetBefore).toBe(990_000n)
    expect(await balanceOf(dst, usdc, RECEIVER)).toBe(receiverBefore)
    const credited = await dst.pub.readContract({
      address: dst.c.hookTarget,
      abi: artifactAbi('SimHookTarget'),
      functionName: 'credited',
      args: [BENEFICIARY, usdc],
    })
    expect(credited).toBe(990_000n)
    expect(hookEvents(receipt)[0]?.args).toMatchObject({ callSucceeded: true, amount: 990_000n })
  })

  test('an atomic success-required hook that fails reverts the fill', async () => {
    const hook: NetHook = {
      type: 'evm_transaction_call',
      data: { to: dst.c.hookTarget, calldata: hookTargetCall('fail'), gas: 0 },
    }
    const order = destinationOrder({ externalCall: encodeHookBytes(hook, RECEIVER) })
    expect((await revertOf(dst, fulfillCall(order))).name).toBe('ExternalCallFailed')
  })

  test.each([
    { isNonAtomic: false, isSuccessRequired: false },
    { isNonAtomic: true, isSuccessRequired: true },
  ])('a failing hook %o sends the tokens to the fallback and pays the reward', async (flags) => {
    const hook: NetHook = {
      type: 'evm_hook_data_v1',
      data: {
        fallbackAddress: AFFILIATE,
        target: zeroAddress,
        reward: '1000',
        ...flags,
        targetPayload: encodeAbiParameters(CALL_PAYLOAD, [
          { to: dst.c.hookTarget, txGas: 0, callData: hookTargetCall('fail') },
        ]),
      },
    }
    const order = destinationOrder({ externalCall: encodeHookBytes(hook, RECEIVER) })
    const usdc = dst.c.tokens.USDC.address
    const fallbackBefore = await balanceOf(dst, usdc, AFFILIATE)
    const rewardBefore = await balanceOf(dst, usdc, BENEFICIARY)
    const receipt = await send(dst, fulfillCall(order))
    expect((await balanceOf(dst, usdc, AFFILIATE)) - fallbackBefore).toBe(989_000n)
    expect((await balanceOf(dst, usdc, BENEFICIARY)) - rewardBefore).toBe(1_000n)
    expect(hookEvents(receipt)[0]?.args).toMatchObject({
      callSucceeded: false,
      reward: 1_000n,
      fallbackAddress: getAddress(AFFILIATE),
    })
  })
})

describe('cancel', () => {
  test('sendEvmOrderCancel + messenger delivery refund give amount, fees and flat fee', async () => {
    const affiliateFee = concatHex([AFFILIATE, numberToHex(5_000n, { size: 32 })])
    const { order, orderId } = await createOrder(
      creationOf({ allowedCancelBeneficiarySrc: BENEFICIARY }),
      affiliateFee,
    )
    expect(order.giveAmount).toBe(100_035_000n - 40_014n - 5_000n)
    // The message carries the gate's fee plus the execution fee (docs/dln.md §3.5).
    const gate = await dst.pub.readContract({
      address: dst.c.dlnDestination,
      abi: dlnDestinationAbi,
      functionName: 'deBridgeGate',
    })
    expect(gate).toBe(getAddress(dst.c.messenger))
    const { messagingFeeWei } = await readMessagingFee(dst.pub, {
      dlnDestination: dst.c.dlnDestination,
      chainIdTo: order.giveChainId,
    })
    expect(messagingFeeWei).toBe(MESSAGE_FEE)
    const cancel: Call = {
      from: USER,
      address: dst.c.dlnDestination,
      abi: destinationAbi(),
      functionName: 'sendEvmOrderCancel',
      args: [order, BENEFICIARY, 7n],
      value: MESSAGE_FEE + 7n,
    }
    expect((await revertOf(dst, { ...cancel, from: TAKER })).name).toBe('Unauthorized')
    const wrongBeneficiary = { ...cancel, args: [order, RECEIVER, 7n] }
    expect((await revertOf(dst, wrongBeneficiary)).name).toBe('AllowOnlyForBeneficiary')
    expect((await revertOf(dst, { ...cancel, value: 0n })).name).toBe('TransferAmountNotCoverFees')
    const short = { ...cancel, value: MESSAGE_FEE - 1n }
    expect((await revertOf(dst, short)).name).toBe('TransferAmountNotCoverFees')
    const gateBefore = await dst.pub.getBalance({ address: dst.c.messenger })
    const sent = await send(dst, cancel)
    expect((await dst.pub.getBalance({ address: dst.c.messenger })) - gateBefore).toBe(
      MESSAGE_FEE + 7n,
    )
    const [event] = parseEventLogs({
      abi: dlnDestinationAbi,
      logs: sent.logs,
      eventName: 'SentOrderCancel',
    })
    expect(event?.args).toMatchObject({ orderId, cancelBeneficiary: BENEFICIARY })
    expect((await revertOf(dst, fulfillCall(order, orderId))).name).toBe('IncorrectOrderStatus')

    // Only the relayer may deliver.
    const [message] = parseEventLogs({ abi: devnetMessengerAbi, logs: sent.logs })
    const forged: Call = {
      from: USER,
      address: src.c.messenger,
      abi: [...devnetMessengerAbi],
      functionName: 'deliver',
      args: [src.c.dlnSource, message?.args && 'data' in message.args ? message.args.data : '0x'],
    }
    expect((await revertOf(src, forged)).name).toBe('OnlyRelayer')
    const direct: Call = {
      from: USER,
      address: src.c.dlnSource,
      abi: artifactAbi('DlnSource'),
      functionName: 'claimCancel',
      args: [orderId, USER],
    }
    expect((await revertOf(src, direct)).name).toBe('OnlyMessenger')

    const usdc = src.c.tokens.USDC.address
    const tokenBefore = await balanceOf(src, usdc, BENEFICIARY)
    const etherBefore = await src.pub.getBalance({ address: BENEFICIARY })
    const claimed = await relay(sent, src)
    expect((await balanceOf(src, usdc, BENEFICIARY)) - tokenBefore).toBe(100_035_000n)
    expect((await src.pub.getBalance({ address: BENEFICIARY })) - etherBefore).toBe(FIX_FEE)
    const events = parseEventLogs({ abi: artifactAbi('DlnSource'), logs: claimed.logs })
    expect(events.map((e) => e.eventName)).toContain('ClaimedOrderCancel')
    const state = await src.pub.readContract({
      address: src.c.dlnSource,
      abi: dlnSourceAbi,
      functionName: 'giveOrders',
      args: [orderId],
    })
    expect(state[0]).toBe(3)
  })
})

describe('patches', () => {
  test('patchOrderTake: only the destination authority, each subtrahend larger; the fill delivers the lowered take', async () => {
    const order = destinationOrder()
    const orderId = computeOrderId(order)
    const patch = (subtrahend: bigint, from: Address = USER): Call => ({
      from,
      address: dst.c.dlnDestination,
      abi: destinationAbi(),
      functionName: 'patchOrderTake',
      args: [order, subtrahend],
    })
    expect((await revertOf(dst, patch(1_000n, TAKER))).name).toBe('Unauthorized')
    expect((await revertOf(dst, patch(order.takeAmount))).name).toBe('WrongArgument')
    const receipt = await send(dst, patch(1_000n))
    const [event] = parseEventLogs({
      abi: dlnDestinationAbi,
      logs: receipt.logs,
      eventName: 'DecreasedTakeAmount',
    })
    expect(event?.args).toEqual({ orderId, orderTakeFinalAmount: 989_000n })
    expect((await revertOf(dst, patch(1_000n))).name).toBe('WrongArgument')
    await send(dst, patch(2_000n))
    const patches = await dst.pub.readContract({
      address: dst.c.dlnDestination,
      abi: dlnDestinationAbi,
      functionName: 'takePatches',
      args: [orderId],
    })
    expect(patches).toBe(2_000n)
    // The original take no longer fills; the lowered one does, and is what the receiver gets.
    expect((await revertOf(dst, fulfillCall(order))).name).toBe('MismatchTakerAmount')
    const usdc = dst.c.tokens.USDC.address
    const before = await balanceOf(dst, usdc, RECEIVER)
    await send(dst, { ...fulfillCall(order), args: [order, 988_000n, orderId, '0x', TAKER, TAKER] })
    expect((await balanceOf(dst, usdc, RECEIVER)) - before).toBe(988_000n)
    expect((await revertOf(dst, patch(3_000n))).name).toBe('IncorrectOrderStatus')
  })

  test('patchOrderGive: only the give patch authority; the addition is pulled and refunded on cancel', async () => {
    const { order, orderId } = await createOrder(creationOf())
    const patch = (amount: bigint, from: Address = USER): Call => ({
      from,
      address: src.c.dlnSource,
      abi: [...artifactAbi('DlnSource'), ...errorsOf('SimToken')],
      functionName: 'patchOrderGive',
      args: [order, amount, '0x'],
    })
    expect(
      toFunctionSelector(
        'patchOrderGive((uint64,bytes,uint256,bytes,uint256,uint256,bytes,uint256,bytes,bytes,bytes,bytes,bytes,bytes),uint256,bytes)',
      ),
    ).toBe('0xb5bbf6e1')
    expect((await revertOf(src, patch(5_000n, TAKER))).name).toBe('Unauthorized')
    expect((await revertOf(src, patch(0n))).name).toBe('WrongArgument')
    const usdc = src.c.tokens.USDC.address
    const userBefore = await balanceOf(src, usdc, USER)
    const receipt = await send(src, patch(5_000n))
    expect(userBefore - (await balanceOf(src, usdc, USER))).toBe(5_000n)
    const events = parseEventLogs({ abi: artifactAbi('DlnSource'), logs: receipt.logs })
    expect(events.map((e) => e.eventName)).toContain('IncreasedGiveAmount')
    const givePatches = await src.pub.readContract({
      address: src.c.dlnSource,
      abi: artifactAbi('DlnSource'),
      functionName: 'givePatches',
      args: [orderId],
    })
    // The real patchOrderGive books globalTransferFeeBps (4) of the addition as percent fee.
    expect(givePatches).toBe(5_000n - 2n)
    const sent = await send(dst, {
      from: USER,
      address: dst.c.dlnDestination,
      abi: destinationAbi(),
      functionName: 'sendEvmOrderCancel',
      args: [order, BENEFICIARY, 0n],
      value: MESSAGE_FEE,
    })
    const before = await balanceOf(src, usdc, BENEFICIARY)
    await relay(sent, src)
    // giveAmount + percentFee (the creation amount) + the give patch.
    expect((await balanceOf(src, usdc, BENEFICIARY)) - before).toBe(100_035_000n + 5_000n)
    expect((await revertOf(src, patch(5_000n))).name).toBe('IncorrectOrderStatus')
  })
})

describe('forwarder (the real DeBridgeRouter, docs/dln.md §6)', () => {
  const forwarderAbi = (): Abi => [
    ...crosschainForwarderAbi,
    ...artifactAbi('CrosschainForwarder').filter(
      (i) => i.type !== 'function' || i.name === 'updateSupportedRouter',
    ),
    ...errorsOf('SimSwapRouter'),
  ]
  const ONE_ETH = 10n ** 18n
  const setRate = (tokenIn: Address, tokenOut: Address, num: bigint, den: bigint) =>
    send(dst, {
      from: dst.c.routerOwner,
      address: dst.c.swapRouter,
      abi: artifactAbi('SimSwapRouter'),
      functionName: 'setRate',
      args: [tokenIn, tokenOut, num, den],
    })
  // ETH -> USDC through the router, the output paid to the forwarder.
  const ethToUsdc = (usdc: Address): Hex =>
    encodeFunctionData({
      abi: simSwapRouterAbi,
      functionName: 'swap',
      args: [zeroAddress, ONE_ETH, usdc, 0n, dst.c.forwarder],
    })
  const strictly = (usdc: Address, target: Address, targetData: Hex, expected: bigint): Call => ({
    from: USER,
    address: dst.c.forwarder,
    abi: forwarderAbi(),
    functionName: 'strictlySwapAndCall',
    args: [
      zeroAddress,
      ONE_ETH,
      '0x',
      dst.c.swapRouter,
      ethToUsdc(usdc),
      usdc,
      expected,
      USER,
      target,
      targetData,
    ],
    value: ONE_ETH,
  })

  test('a wallet as strictlySwapAndCall target reverts: NotSupportedRouter, and CallCausedBalanceDiscrepancy once allowed', async () => {
    const usdc = dst.c.tokens.USDC.address
    await setRate(zeroAddress, usdc, 3_000_000_000n, ONE_ETH)
    // The payout the old devnet made: the recipient wallet as target, empty calldata.
    const payout = strictly(usdc, RECEIVER, '0x', 2_990_000_000n)
    expect((await revertOf(dst, payout)).name).toBe('NotSupportedRouter')
    const allow = (ok: boolean) =>
      send(dst, {
        from: dst.c.routerOwner,
        address: dst.c.forwarder,
        abi: forwarderAbi(),
        functionName: 'updateSupportedRouter',
        args: [RECEIVER, ok],
      })
    await allow(true)
    const discrepancy = await revertOf(dst, payout)
    expect(discrepancy.name).toBe('CallCausedBalanceDiscrepancy')
    expect(discrepancy.args?.slice(0, 2)).toEqual([getAddress(RECEIVER), getAddress(usdc)])
    await allow(false)
    expect((await revertOf(dst, strictly(usdc, RECEIVER, '0x', 3_000_000_001n))).name).toBe(
      'NotEnoughSrcFundsIn',
    )
  })

  test('strictlySwapAndCall with a router target: the target pulls the output and pays the receiver', async () => {
    const { USDC, USDT } = dst.c.tokens
    await setRate(zeroAddress, USDC.address, 3_000_000_000n, ONE_ETH)
    await setRate(USDC.address, USDT.address, 1n, 1n)
    const second = encodeFunctionData({
      abi: simSwapRouterAbi,
      functionName: 'swap',
      args: [USDC.address, 2_990_000_000n, USDT.address, 2_990_000_000n, RECEIVER],
    })
    const before = [
      await balanceOf(dst, USDT.address, RECEIVER),
      await balanceOf(dst, USDC.address, USER),
    ]
    await send(dst, strictly(USDC.address, dst.c.swapRouter, second, 2_990_000_000n))
    expect((await balanceOf(dst, USDT.address, RECEIVER)) - (before[0] ?? 0n)).toBe(2_990_000_000n)
    // The surplus of the first leg is refunded to the refund recipient.
    expect((await balanceOf(dst, USDC.address, USER)) - (before[1] ?? 0n)).toBe(10_000_000n)
    expect(await balanceOf(dst, USDC.address, dst.c.forwarder)).toBe(0n)
  })

  test("the router's swap(...) pays the recipient its minimum plus the surplus share and emits SameChainSwapExecuted", async () => {
    const usdc = dst.c.tokens.USDC.address
    await setRate(zeroAddress, usdc, 3_000_000_000n, ONE_ETH)
    const routerSwap = (min: bigint, surplusShareBps: number): Call => ({
      from: USER,
      address: dst.c.forwarder,
      abi: forwarderAbi(),
      functionName: 'swap',
      args: [
        zeroAddress,
        ONE_ETH,
        '0x',
        {
          allowanceAggregator: zeroAddress,
          swapRouter: dst.c.swapRouter,
          swapCalldata: ethToUsdc(usdc),
          tokenOut: usdc,
          tokenOutMinAmount: min,
          surplusShareBps,
          affiliateFeeEnvelope: '0x',
          recipient: RECEIVER,
        },
        7,
      ],
      value: ONE_ETH,
    })
    expect((await revertOf(dst, routerSwap(3_000_000_001n, 10_000))).name).toBe('SwapOutcomeTooLow')
    const before = [
      await balanceOf(dst, usdc, RECEIVER),
      await balanceOf(dst, usdc, dst.c.routerOwner),
    ]
    const receipt = await send(dst, routerSwap(2_990_000_000n, 5_000))
    // Half of the 10 USDC surplus goes to the recipient, the other half to the fee treasury.
    expect((await balanceOf(dst, usdc, RECEIVER)) - (before[0] ?? 0n)).toBe(2_995_000_000n)
    expect((await balanceOf(dst, usdc, dst.c.routerOwner)) - (before[1] ?? 0n)).toBe(5_000_000n)
    const [event] = parseEventLogs({
      abi: artifactAbi('CrosschainForwarder'),
      logs: receipt.logs,
      eventName: 'SameChainSwapExecuted',
    })
    expect(event?.topics[0]).toBe(
      '0xecfedc7a2bb58de8119427cef1d856aa76747d4a6e13307a7ca485bf8df20904',
    )
    expect(event?.args).toMatchObject({
      sender: getAddress(USER),
      recipient: getAddress(RECEIVER),
      amountOut: 3_000_000_000n,
      fee: 5_000_000n,
      referralCode: 7,
    })
  })
})

describe('tokens', () => {
  test('USDT rejects changing a non-zero allowance unless it goes to zero first', async () => {
    const usdt = dst.c.tokens.USDT.address
    await approve(dst, USER, usdt, TAKER, 5n)
    const change: Call = {
      from: USER,
      address: usdt,
      abi: artifactAbi('SimUsdt'),
      functionName: 'approve',
      args: [TAKER, 6n],
    }
    expect(await revertOf(dst, change)).toEqual({ name: 'ApproveFromNonZero', args: [5n] })
    await approve(dst, USER, usdt, TAKER, 0n)
    await send(dst, change)
    const allowance = await dst.pub.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [USER, TAKER],
    })
    expect(allowance).toBe(6n)
  })

  test('WETH wraps and unwraps ether', async () => {
    const weth = dst.c.tokens.WETH.address
    await send(dst, {
      from: RECEIVER,
      address: weth,
      abi: artifactAbi('SimWeth'),
      functionName: 'deposit',
      args: [],
      value: 10n ** 18n,
    })
    expect(await balanceOf(dst, weth, RECEIVER)).toBe(10n ** 18n)
    await send(dst, {
      from: RECEIVER,
      address: weth,
      abi: artifactAbi('SimWeth'),
      functionName: 'withdraw',
      args: [10n ** 18n],
    })
    expect(await balanceOf(dst, weth, RECEIVER)).toBe(0n)
  })
})
