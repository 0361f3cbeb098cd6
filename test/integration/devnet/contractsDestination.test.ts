import {
  concatHex,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  numberToHex,
  parseEventLogs,
  type TransactionReceipt,
  zeroAddress,
} from 'viem'
import { describe, expect, test } from 'vitest'
import type { NetHook } from '../../../src/api/schemas/hooks.ts'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { readMessagingFee } from '../../../src/chains/evm/readMessagingFee.ts'
import { readTakeOrder } from '../../../src/chains/evm/readTakeOrder.ts'
import { encodeHookBytes } from '../../../src/chains/hooks/encodeHookBytes.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import { devnetMessengerAbi } from '../../../src/devnet/devnetMessengerAbi.ts'

import {
  AFFILIATE,
  artifactAbi,
  BENEFICIARY,
  balanceOf,
  type Call,
  createOrder,
  creationOf,
  destinationAbi,
  destinationOrder,
  dst,
  FIX_FEE,
  fulfillCall,
  MESSAGE_FEE,
  RECEIVER,
  relay,
  revertOf,
  SRC_ID,
  send,
  src,
  TAKER,
  USER,
  useContractsWorld,
} from './contractsWorld.ts'

useContractsWorld()

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
