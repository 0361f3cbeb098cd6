/**
 * The swap router of ferry's simulator and devnet, not a real aggregator's ABI. Calldata layout:
 * `swap(address tokenIn, uint256 amountIn, address tokenOut, uint256 minAmountOut,
 * address recipient)`, standard ABI encoding; the zero address stands for the native token.
 * The router must send at least `minAmountOut` of `tokenOut` to `recipient` or revert.
 */
export const simSwapRouterAbi = [
  {
    type: 'function',
    name: 'swap',
    stateMutability: 'payable',
    inputs: [
      { name: 'tokenIn', type: 'address' },
      { name: 'amountIn', type: 'uint256' },
      { name: 'tokenOut', type: 'address' },
      { name: 'minAmountOut', type: 'uint256' },
      { name: 'recipient', type: 'address' },
    ],
    outputs: [{ name: 'amountOut', type: 'uint256' }],
  },
] as const
