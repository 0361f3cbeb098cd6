import { encodeFunctionData, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import { QuoteMovedError } from '../../../src/verify/QuoteMovedError.ts'
import { type SwapIntent, verifyEvmSwapTx } from '../../../src/verify/verifyEvmSwapTx.ts'

const me = '0x1111111111111111111111111111111111111111'
const evil = '0x000000000000000000000000000000000000a77a'
const router = '0x2222222222222222222222222222222222222222'
const usdc = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const weth = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1'
const native = '0x0000000000000000000000000000000000000000'
const intent: SwapIntent = {
  chainId: 42161,
  sender: me,
  tokenIn: usdc,
  amountIn: 1_000_000n,
  tokenOut: weth,
  minAmountOut: 300n,
  recipient: me,
}
type Leg = {
  tokenIn: Hex
  amountIn: bigint
  permit: Hex
  router: Hex
  routerCalldata: Hex
  tokenOut: Hex
  expected: bigint
  refund: Hex
  receiver: Hex
  receiverCalldata: Hex
}
// The router leg is opaque to the verifier: any bytes will do.
const honest: Leg = {
  tokenIn: usdc,
  amountIn: 1_000_000n,
  permit: '0x',
  router,
  routerCalldata: '0x12345678',
  tokenOut: weth,
  expected: 333n,
  refund: me,
  receiver: me,
  receiverCalldata: '0x',
}
const swap = (over: Partial<Leg> = {}): Hex => {
  const l = { ...honest, ...over }
  return encodeFunctionData({
    abi: crosschainForwarderAbi,
    functionName: 'strictlySwapAndCall',
    args: [
      l.tokenIn,
      l.amountIn,
      l.permit,
      l.router,
      l.routerCalldata,
      l.tokenOut,
      l.expected,
      l.refund,
      l.receiver,
      l.receiverCalldata,
    ],
  })
}
const tx = (data: Hex, to: string = EVM_CONTRACTS.forwarder, value = 0n) => ({ to, data, value })

function field(run: () => unknown): string {
  try {
    run()
  } catch (e) {
    if (e instanceof VerificationError) return e.field
    throw e
  }
  return 'passed'
}

describe('verifyEvmSwapTx: the forwarder-routed swap the service returns', () => {
  test('default: the honest swap passes; the spender is the forwarder, the router stays opaque', () => {
    const v = verifyEvmSwapTx({ tx: tx(swap()), intent })
    expect(v).toEqual({
      spender: EVM_CONTRACTS.forwarder.toLowerCase(),
      amountIn: 1_000_000n,
      minAmountOut: 333n,
      valueWei: 0n,
      router: router,
    })
  })

  test('behavior: native input carries its amount as value, and only then', () => {
    const nativeIntent = { ...intent, tokenIn: native }
    const data = swap({ tokenIn: native })
    expect(
      verifyEvmSwapTx({ tx: tx(data, EVM_CONTRACTS.forwarder, 1_000_000n), intent: nativeIntent })
        .valueWei,
    ).toBe(1_000_000n)
    expect(field(() => verifyEvmSwapTx({ tx: tx(data), intent: nativeIntent }))).toBe('tx.value')
  })

  test.each([
    ['tx.to', () => tx(swap(), EVM_CONTRACTS.dlnSource)],
    ['tx.data.selector', () => tx(`0xdeadbeef${swap().slice(10)}` as Hex)],
    ['tx.data', () => tx(`${swap()}00` as Hex)],
    ['tx.data._srcTokenIn', () => tx(swap({ tokenIn: weth }))],
    ['tx.data._srcAmountIn', () => tx(swap({ amountIn: 2_000_000n }))],
    ['tx.data._srcTokenInPermitEnvelope', () => tx(swap({ permit: '0x01' }))],
    ['tx.data._srcTokenOut', () => tx(swap({ tokenOut: evil }))],
    ['tx.data._srcTokenRefundRecipient', () => tx(swap({ refund: evil }))],
    ['tx.data._receiver', () => tx(swap({ receiver: evil }))],
    ['tx.data._receiverCalldata', () => tx(swap({ receiverCalldata: '0xa9059cbb' }))],
    ['tx.value', () => tx(swap(), EVM_CONTRACTS.forwarder, 1n)],
  ])('behavior: refuses at %s', (expected, make) => {
    expect(field(() => verifyEvmSwapTx({ tx: make(), intent }))).toBe(expected)
  })

  test('behavior: a guaranteed output below ferry minimum is economics (QuoteMovedError), not a refusal', () => {
    let error: unknown
    try {
      verifyEvmSwapTx({ tx: tx(swap({ expected: 299n })), intent })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(QuoteMovedError)
    expect(error).not.toBeInstanceOf(VerificationError)
    expect((error as QuoteMovedError).field).toBe('tx.data._srcTokenExpectedAmountOut')
  })

  test('behavior: a zero guaranteed output is refused even when the intent asks for 0', () => {
    expect(
      field(() =>
        verifyEvmSwapTx({
          tx: tx(swap({ expected: 0n })),
          intent: { ...intent, minAmountOut: 0n },
        }),
      ),
    ).toBe('tx.data._srcTokenExpectedAmountOut')
  })
})
