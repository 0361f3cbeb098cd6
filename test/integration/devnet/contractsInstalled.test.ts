import { erc20Abi, toEventSelector, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { devnetMessengerAbi } from '../../../src/devnet/devnetMessengerAbi.ts'
import { simSwapRouterAbi } from '../../../src/sim/quote/simSwapRouterAbi.ts'

import {
  approve,
  artifactAbi,
  balanceOf,
  type Call,
  dst,
  FIX_FEE,
  RECEIVER,
  revertOf,
  send,
  src,
  TAKER,
  USER,
  useContractsWorld,
} from './contractsWorld.ts'

useContractsWorld()

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
