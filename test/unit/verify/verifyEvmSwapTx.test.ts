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
const router2 = '0x3333333333333333333333333333333333333333'
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
  // The real forwarder calls its target, which must pull the output: a second router.
  receiver: router2,
  receiverCalldata: '0x87654321',
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

type Details = {
  allowanceAggregator: Hex
  swapRouter: Hex
  swapCalldata: Hex
  tokenOut: Hex
  tokenOutMinAmount: bigint
  surplusShareBps: number
  affiliateFeeEnvelope: Hex
  recipient: Hex
}
const honestDetails: Details = {
  allowanceAggregator: native,
  swapRouter: router,
  swapCalldata: '0x12345678',
  tokenOut: weth,
  tokenOutMinAmount: 333n,
  surplusShareBps: 10_000,
  affiliateFeeEnvelope: '0x',
  recipient: me,
}
const routerSwap = (
  over: Partial<Details> = {},
  input: { tokenIn?: Hex; amountIn?: bigint; permit?: Hex } = {},
): Hex =>
  encodeFunctionData({
    abi: crosschainForwarderAbi,
    functionName: 'swap',
    args: [
      input.tokenIn ?? usdc,
      input.amountIn ?? 1_000_000n,
      input.permit ?? '0x',
      { ...honestDetails, ...over },
      0,
    ],
  })

describe("verifyEvmSwapTx: the router's swap(...) (docs/dln.md §6)", () => {
  test('default: the honest swap passes; its tokenOutMinAmount is the floor, the router stays opaque', () => {
    expect(routerSwap().slice(0, 10)).toBe('0x258c16ee')
    const v = verifyEvmSwapTx({ tx: tx(routerSwap()), intent })
    expect(v).toEqual({
      shape: 'swap',
      spender: EVM_CONTRACTS.forwarder.toLowerCase(),
      amountIn: 1_000_000n,
      minAmountOut: 333n,
      valueWei: 0n,
      router,
    })
  })

  test('behavior: a zero recipient pays the caller, so it passes only when the recipient is the sender', () => {
    const data = routerSwap({ recipient: native })
    expect(verifyEvmSwapTx({ tx: tx(data), intent }).shape).toBe('swap')
    const elsewhere = { ...intent, recipient: evil }
    expect(field(() => verifyEvmSwapTx({ tx: tx(data), intent: elsewhere }))).toBe(
      'tx.data._swapDetails.recipient',
    )
  })

  test.each([
    ['tx.data._tokenIn', () => tx(routerSwap({}, { tokenIn: weth }))],
    ['tx.data._amountIn', () => tx(routerSwap({}, { amountIn: 2n }))],
    ['tx.data._tokenInPermitEnvelope', () => tx(routerSwap({}, { permit: '0x01' }))],
    ['tx.data._swapDetails.tokenOut', () => tx(routerSwap({ tokenOut: evil }))],
    ['tx.data._swapDetails.recipient', () => tx(routerSwap({ recipient: evil }))],
    [
      'tx.data._swapDetails.affiliateFeeEnvelope',
      () => tx(routerSwap({ affiliateFeeEnvelope: `0x0064${evil.slice(2)}` })),
    ],
    ['tx.data._swapDetails.tokenOutMinAmount', () => tx(routerSwap({ tokenOutMinAmount: 0n }))],
    ['tx.data', () => tx(`${routerSwap()}00` as Hex)],
    ['tx.value', () => tx(routerSwap(), EVM_CONTRACTS.forwarder, 1n)],
  ])('behavior: refuses at %s', (expected, make) => {
    expect(field(() => verifyEvmSwapTx({ tx: make(), intent }))).toBe(expected)
  })

  test('behavior: a minimum below ferry minimum is economics (QuoteMovedError), not a refusal', () => {
    let error: unknown
    try {
      verifyEvmSwapTx({ tx: tx(routerSwap({ tokenOutMinAmount: 299n })), intent })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(QuoteMovedError)
    expect((error as QuoteMovedError).field).toBe('tx.data._swapDetails.tokenOutMinAmount')
  })
})

describe('verifyEvmSwapTx: strictlySwapAndCall with a router target (docs/dln.md §6)', () => {
  test('default: passes; the floor is the intent minimum, held by the simulated value flow', () => {
    const v = verifyEvmSwapTx({ tx: tx(swap()), intent })
    expect(v).toEqual({
      shape: 'strictlySwapAndCall',
      spender: EVM_CONTRACTS.forwarder.toLowerCase(),
      amountIn: 1_000_000n,
      minAmountOut: 300n,
      valueWei: 0n,
      router,
    })
  })

  test('behavior: a wallet as target with empty calldata (what the real forwarder reverts) is refused', () => {
    // The shape the old devnet accepted: the forwarder paying the recipient directly.
    const payout = swap({ receiver: me, receiverCalldata: '0x' })
    expect(field(() => verifyEvmSwapTx({ tx: tx(payout), intent }))).toBe('tx.data._target')
    expect(field(() => verifyEvmSwapTx({ tx: tx(swap({ receiverCalldata: '0x' })), intent }))).toBe(
      'tx.data._target',
    )
    expect(field(() => verifyEvmSwapTx({ tx: tx(swap({ receiver: me })), intent }))).toBe(
      'tx.data._target',
    )
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
    ['tx.data._srcTokenRefundRecipient', () => tx(swap({ refund: evil }))],
    ['tx.data._srcTokenExpectedAmountOut', () => tx(swap({ expected: 0n }))],
    ['tx.value', () => tx(swap(), EVM_CONTRACTS.forwarder, 1n)],
  ])('behavior: refuses at %s', (expected, make) => {
    expect(field(() => verifyEvmSwapTx({ tx: make(), intent }))).toBe(expected)
  })
})
