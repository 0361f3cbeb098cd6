import { type AbiFunction, toEventSelector, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { deBridgeGateAbi } from '../../../src/chains/abi/deBridgeGateAbi.ts'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'

const functions = (abi: readonly { type: string }[]): AbiFunction[] =>
  abi.filter((item): item is AbiFunction => item.type === 'function')

describe('DLN ABIs', () => {
  test('default: function selectors match docs/dln.md §4.3', () => {
    const selectors = [
      ...functions(dlnSourceAbi),
      ...functions(dlnDestinationAbi),
      ...functions(crosschainForwarderAbi),
      ...functions(deBridgeGateAbi),
    ].map((f) => `${f.name}:${toFunctionSelector(f)}`)
    expect(selectors).toEqual(
      expect.arrayContaining([
        'createOrder:0xfbe16ca7',
        'createSaltedOrder:0xb9303701',
        'globalFixedNativeFee:0x35087f0a',
        'globalTransferFeeBps:0x5c837198',
        'giveOrders:0xb2a453f8',
        'masterNonce:0xdf21dc1d',
        'fulfillOrder:0xc358547e',
        'fulfillOrder:0x0ebcd2f6',
        'sendEvmOrderCancel:0xd38d9626',
        'sendEvmUnlock:0xb41100b3',
        'takeOrders:0x5b2f30e9',
        'patchOrderTake:0x51f228b4',
        'deBridgeGate:0xca777fbf',
        'strictlySwapAndCall:0x4d8160ba',
        'getChainToConfig:0x7796656c',
        'feeDiscount:0xb242e7cf',
        'swap:0x258c16ee',
      ]),
    )
    // + takePatches, the public getter of the take patches, and the gate's globalTransferFeeBps
    expect(selectors).toHaveLength(20)
  })

  test('default: event topics match docs/dln.md §4.3', () => {
    const topic = (abi: readonly { type: string; name?: string }[], name: string): string => {
      const item = abi.find((i) => i.type === 'event' && i.name === name)
      if (!item) throw new Error(`no event ${name}`)
      return toEventSelector(item as Parameters<typeof toEventSelector>[0])
    }
    expect(topic(dlnSourceAbi, 'CreatedOrder')).toBe(
      '0xfc8703fd57380f9dd234a89dce51333782d49c5902f307b02f03e014d18fe471',
    )
    expect(topic(dlnDestinationAbi, 'FulfilledOrder')).toBe(
      '0xd281ee92bab1446041582480d2c0a9dc91f855386bb27ea295faac1e992f7fe4',
    )
    expect(topic(dlnDestinationAbi, 'SentOrderCancel')).toBe(
      '0xc756fd0227d1d70cec0ead41b16a90a1cac618da1d612cb5d0b72d93301369de',
    )
    expect(topic(dlnDestinationAbi, 'DecreasedTakeAmount')).toBe(
      '0x08c645e3c369cf85ec8e864f27821c61ceba80fa78f2f66fb0d042a4b29e794b',
    )
  })
})
