import { concatHex, type Hex, numberToHex, parseEventLogs, zeroAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { buildEvmOrderTx } from '../../../src/sim/quote/buildEvmOrderTx.ts'

import {
  approve,
  artifactAbi,
  balanceOf,
  createCall,
  createOrder,
  creationOf,
  DST_ID,
  dst,
  FIX_FEE,
  mint,
  nextSalt,
  revertOf,
  SRC_ID,
  send,
  sourceAbi,
  src,
  USER,
  useContractsWorld,
} from './contractsWorld.ts'

useContractsWorld()

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
    const r = await revertOf(src, createCall(creationOf(), nextSalt(), '0x', 0n))
    expect(r).toEqual({ name: 'WrongFixedFee', args: [0n, FIX_FEE] })
  })

  test('reverts MismatchNativeGiveAmount when native value lacks the fee', async () => {
    const creation = creationOf({ giveTokenAddress: zeroAddress, giveAmount: 10n ** 16n })
    const short = await revertOf(src, createCall(creation, nextSalt(), '0x', 10n ** 16n))
    expect(short.name).toBe('MismatchNativeGiveAmount')
    // The same order with amount + fee goes through.
    const receipt = await send(src, createCall(creation, nextSalt(), '0x', 10n ** 16n + FIX_FEE))
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
    const r = await revertOf(src, createCall(creationOf(overrides), nextSalt()))
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
    const salt = nextSalt()
    await send(src, createCall(creationOf(), salt))
    const r = await revertOf(src, createCall(creationOf(), salt))
    expect(r.name).toBe('IncorrectOrderStatus')
  })

  test('reverts NotSupportedDstChain, WrongAffiliateFeeLength and ZeroAddress', async () => {
    const unknownChain = await revertOf(
      src,
      createCall(creationOf({ takeChainId: 999n }), nextSalt()),
    )
    expect(unknownChain.name).toBe('NotSupportedDstChain')
    const sameChain = await revertOf(
      src,
      createCall(creationOf({ takeChainId: BigInt(SRC_ID) }), nextSalt()),
    )
    expect(sameChain.name).toBe('NotSupportedDstChain')
    const shortFee = await revertOf(
      src,
      createCall(creationOf(), nextSalt(), `0x${'00'.repeat(51)}`),
    )
    expect(shortFee.name).toBe('WrongAffiliateFeeLength')
    const noBeneficiary = concatHex([zeroAddress, numberToHex(5n, { size: 32 })])
    const zero = await revertOf(src, createCall(creationOf(), nextSalt(), noBeneficiary))
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
      salt: nextSalt(),
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
