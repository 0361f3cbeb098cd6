/**
 * The forwarder at 0x663D…C251, deBridge's "DeBridgeRouter" (docs/dln.md §1.3, §4.3, §6):
 * `strictlySwapAndCall` swaps the input into `_srcTokenOut` through `_srcSwapRouter`, then calls
 * `_target` (DlnSource for a pre-swapped order, or another supported router) which must pull the
 * output; `swap` is the router's single-chain swap paying `recipient`. Selectors pinned by test
 * (0x4d8160ba, 0x258c16ee).
 */
export const crosschainForwarderAbi = [
  {
    type: 'function',
    name: 'strictlySwapAndCall',
    stateMutability: 'payable',
    inputs: [
      { name: '_srcTokenIn', type: 'address' },
      { name: '_srcAmountIn', type: 'uint256' },
      { name: '_srcTokenInPermitEnvelope', type: 'bytes' },
      { name: '_srcSwapRouter', type: 'address' },
      { name: '_srcSwapCalldata', type: 'bytes' },
      { name: '_srcTokenOut', type: 'address' },
      { name: '_srcTokenExpectedAmountOut', type: 'uint256' },
      { name: '_srcTokenRefundRecipient', type: 'address' },
      { name: '_target', type: 'address' },
      { name: '_targetData', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    // The newer DeBridgeRouter's single-chain swap; emits SameChainSwapExecuted.
    type: 'function',
    name: 'swap',
    stateMutability: 'payable',
    inputs: [
      { name: '_tokenIn', type: 'address' },
      { name: '_amountIn', type: 'uint256' },
      { name: '_tokenInPermitEnvelope', type: 'bytes' },
      {
        name: '_swapDetails',
        type: 'tuple',
        components: [
          { name: 'allowanceAggregator', type: 'address' },
          { name: 'swapRouter', type: 'address' },
          { name: 'swapCalldata', type: 'bytes' },
          { name: 'tokenOut', type: 'address' },
          { name: 'tokenOutMinAmount', type: 'uint256' },
          { name: 'surplusShareBps', type: 'uint16' },
          { name: 'affiliateFeeEnvelope', type: 'bytes' },
          { name: 'recipient', type: 'address' },
        ],
      },
      { name: '_referralCode', type: 'uint32' },
    ],
    outputs: [{ name: 'actualAmountOut', type: 'uint256' }],
  },
] as const
