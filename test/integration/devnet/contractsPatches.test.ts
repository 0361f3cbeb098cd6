import {
  type Abi,
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  parseEventLogs,
  toFunctionSelector,
  zeroAddress,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import { simSwapRouterAbi } from '../../../src/sim/quote/simSwapRouterAbi.ts'

import {
  artifactAbi,
  BENEFICIARY,
  balanceOf,
  type Call,
  createOrder,
  creationOf,
  destinationAbi,
  destinationOrder,
  dst,
  errorsOf,
  fulfillCall,
  MESSAGE_FEE,
  RECEIVER,
  relay,
  revertOf,
  send,
  src,
  TAKER,
  USER,
  useContractsWorld,
} from './contractsWorld.ts'

useContractsWorld()

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
