/**
 * The CrosschainForwarder ("DeBridgeRouter") entry used for non-reserve input: swap the input
 * into the reserve asset through `_srcSwapRouter`, then call `_receiver` (DlnSource) with
 * `_receiverCalldata` (docs/dln.md §1.3, §4.3). Selector pinned by test.
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
      { name: '_receiver', type: 'address' },
      { name: '_receiverCalldata', type: 'bytes' },
    ],
    outputs: [],
  },
] as const
