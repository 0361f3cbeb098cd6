import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  erc20Abi,
  type Hex,
  numberToHex,
  pad,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { type CallTracerFrame, callFramesToRecord } from '../../../src/verify/callFramesToRecord.ts'
import { NATIVE_TRANSFER_LOG_ADDRESS } from '../../../src/verify/evmValueFlow.ts'
import { valueFlowFromLogs } from '../../../src/verify/valueFlowFromLogs.ts'

const wallet = '0x1111111111111111111111111111111111111111' as Address
const other = '0x2222222222222222222222222222222222222222' as Address
const usdc = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
const dlnSource = '0xeF4fB24aD0916217251F553c0596F8Edc630EB66' as Address

const word = (v: bigint): Hex => pad(numberToHex(v), { size: 32 })
const transferLog = (token: string, from: Address, to: Address, amount: bigint) => ({
  address: token as Address,
  topics: encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from, to } }) as Hex[],
  data: word(amount),
})
const approvalLog = (owner: Address, spender: Address, amount: bigint) => ({
  address: usdc,
  topics: encodeEventTopics({
    abi: erc20Abi,
    eventName: 'Approval',
    args: { owner, spender },
  }) as Hex[],
  data: word(amount),
})
const order: DlnOrder = {
  makerOrderNonce: 1n,
  makerSrc: wallet.toLowerCase() as Hex,
  giveChainId: 42161n,
  giveTokenAddress: usdc,
  giveAmount: 5n,
  takeChainId: 8453n,
  takeTokenAddress: usdc,
  takeAmount: 4n,
  receiverDst: wallet.toLowerCase() as Hex,
  givePatchAuthoritySrc: wallet.toLowerCase() as Hex,
  orderAuthorityAddressDst: wallet.toLowerCase() as Hex,
  allowedTakerDst: '0x',
  allowedCancelBeneficiarySrc: wallet.toLowerCase() as Hex,
  externalCall: '0x',
}
const createdLog = () => {
  const event = dlnSourceAbi.find((x) => x.type === 'event' && x.name === 'CreatedOrder')!
  const inputs = (event as { inputs: readonly { type: string; components?: unknown }[] }).inputs
  return {
    address: dlnSource,
    topics: encodeEventTopics({ abi: dlnSourceAbi, eventName: 'CreatedOrder' }) as Hex[],
    data: encodeAbiParameters(
      inputs as never,
      [order, computeOrderId(order), '0x', 1n, 0n, 0, '0x'] as never,
    ),
  }
}
const ok = { status: 'success' as const, gasUsed: 21_000n, returnData: '0x' as Hex }

describe('valueFlowFromLogs', () => {
  test('default: transfers, approvals, synthetic native transfers and CreatedOrder are read', () => {
    const flow = valueFlowFromLogs({
      method: 'eth_simulateV1',
      dlnSource,
      calls: [
        { ...ok, logs: [approvalLog(wallet, dlnSource, 5n)] },
        {
          ...ok,
          logs: [
            transferLog(NATIVE_TRANSFER_LOG_ADDRESS, wallet, dlnSource, 7n),
            transferLog(usdc, wallet, dlnSource, 5n),
            createdLog(),
          ],
        },
      ],
    })
    expect(flow.approvals).toEqual([
      {
        callIndex: 0,
        token: expect.stringMatching(/^0xaf88/i),
        owner: wallet,
        spender: dlnSource,
        amount: 5n,
      },
    ])
    expect(flow.native).toEqual([{ callIndex: 1, from: wallet, to: dlnSource, amountWei: 7n }])
    expect(flow.transfers).toHaveLength(1)
    expect(flow.transfers[0]).toMatchObject({
      callIndex: 1,
      from: wallet,
      to: dlnSource,
      amount: 5n,
    })
    expect(flow.createdOrders).toHaveLength(1)
    expect(flow.createdOrders[0]!.orderId).toBe(computeOrderId(order))
    expect(flow.createdOrders[0]!.order.giveAmount).toBe(5n)
  })

  test('behavior: a reverted call contributes no moves; ERC-721 Transfers (4 topics) are left out', () => {
    const nft = transferLog(usdc, wallet, other, 1n)
    const flow = valueFlowFromLogs({
      method: 'eth_simulateV1',
      calls: [
        {
          status: 'reverted',
          gasUsed: 1n,
          returnData: '0x08c379a0',
          logs: [transferLog(usdc, wallet, other, 9n)],
        },
        { ...ok, logs: [{ ...nft, topics: [...nft.topics, word(1n)], data: '0x' }] },
      ],
    })
    expect(flow.calls.map((c) => c.status)).toEqual(['reverted', 'success'])
    expect(flow.transfers).toEqual([])
  })
})

describe('callFramesToRecord', () => {
  const hex = (v: bigint) => numberToHex(v)
  test('default: nested frames give logs in order and native moves; reverted frames drop theirs', () => {
    const a = transferLog(usdc, wallet, other, 1n)
    const b = transferLog(usdc, other, wallet, 2n)
    const c = transferLog(usdc, wallet, other, 3n)
    const root: CallTracerFrame = {
      type: 'CALL',
      from: wallet,
      to: dlnSource,
      value: hex(10n),
      gasUsed: hex(50_000n),
      output: '0x',
      logs: [
        { ...a, position: '0x0' },
        { ...c, position: '0x2' },
      ],
      calls: [
        {
          type: 'CALL',
          from: dlnSource,
          to: other,
          value: hex(4n),
          logs: [{ ...b, position: '0x0' }],
        },
        {
          type: 'CALL',
          from: dlnSource,
          to: other,
          value: hex(99n),
          error: 'execution reverted',
          logs: [{ ...c, position: '0x0' }],
        },
        { type: 'DELEGATECALL', from: dlnSource, to: other, value: hex(5n) },
      ],
    }
    const record = callFramesToRecord(root)
    expect(record.status).toBe('success')
    expect(record.gasUsed).toBe(50_000n)
    expect(record.logs.map((l) => l.data)).toEqual([a.data, b.data, c.data])
    expect(record.nativeMoves).toEqual([
      { from: wallet, to: dlnSource, amountWei: 10n },
      { from: dlnSource, to: other, amountWei: 4n },
    ])
  })

  test('behavior: a reverted root is a reverted call with its revert data and no moves', () => {
    const record = callFramesToRecord({
      type: 'CALL',
      from: wallet,
      to: dlnSource,
      value: '0x1',
      error: 'execution reverted',
      output: '0xdeadbeef',
      logs: [{ ...transferLog(usdc, wallet, other, 1n) }],
    })
    expect(record).toMatchObject({
      status: 'reverted',
      returnData: '0xdeadbeef',
      logs: [],
      nativeMoves: [],
    })
  })
})
