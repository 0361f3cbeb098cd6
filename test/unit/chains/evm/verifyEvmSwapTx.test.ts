import { encodeFunctionData, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { simSwapRouterAbi } from '../../../../src/chains/abi/simSwapRouterAbi.ts'
import { EVM_CONTRACTS } from '../../../../src/chains/chainRegistry.ts'
import { VerificationError } from '../../../../src/chains/verify/VerificationError.ts'
import { type SwapIntent, verifyEvmSwapTx } from '../../../../src/chains/verify/verifyEvmSwapTx.ts'

const me = '0x1111111111111111111111111111111111111111'
const evil = '0x000000000000000000000000000000000000a77a'
const usdc = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const weth = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1'
const intent: SwapIntent = {
  chainId: 42161,
  sender: me,
  tokenIn: usdc,
  amountIn: 1_000_000n,
  tokenOut: weth,
  minAmountOut: 300n,
  recipient: me,
}
const swap = (
  over: Partial<Record<'tokenIn' | 'tokenOut' | 'recipient', Hex>> & {
    amountIn?: bigint
    min?: bigint
  } = {},
): Hex =>
  encodeFunctionData({
    abi: simSwapRouterAbi,
    functionName: 'swap',
    args: [
      over.tokenIn ?? usdc,
      over.amountIn ?? 1_000_000n,
      over.tokenOut ?? weth,
      over.min ?? 333n,
      over.recipient ?? me,
    ],
  })
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

describe('verifyEvmSwapTx', () => {
  test('default: the honest swap passes; the spender is the router', () => {
    const v = verifyEvmSwapTx({ tx: tx(swap()), intent })
    expect(v).toEqual({
      spender: EVM_CONTRACTS.forwarder.toLowerCase(),
      amountIn: 1_000_000n,
      minAmountOut: 333n,
      valueWei: 0n,
    })
  })

  test.each([
    ['tx.to', () => tx(swap(), EVM_CONTRACTS.dlnSource)],
    ['tx.data.selector', () => tx(`0xdeadbeef${swap().slice(10)}` as Hex)],
    ['tx.data', () => tx(`${swap()}00` as Hex)],
    ['swap.tokenIn', () => tx(swap({ tokenIn: weth }))],
    ['swap.amountIn', () => tx(swap({ amountIn: 2_000_000n }))],
    ['swap.tokenOut', () => tx(swap({ tokenOut: evil }))],
    ['swap.minAmountOut', () => tx(swap({ min: 299n }))],
    ['swap.recipient', () => tx(swap({ recipient: evil }))],
    ['tx.value', () => tx(swap(), EVM_CONTRACTS.forwarder, 1n)],
  ])('behavior: refuses at %s', (expected, make) => {
    expect(field(() => verifyEvmSwapTx({ tx: make(), intent }))).toBe(expected)
  })
})
