/**
 * ABI of DevnetMessenger (src/devnet/contracts/DevnetMessenger.sol), the devnet's stand-in for the
 * deBridge gate. The relayer watches `MessageSent` on the chain where DlnDestination sent an
 * unlock or cancel and calls `deliver(target, data)` on chain `dstChainId` (an internal id);
 * `data` is the full calldata of DlnSource.claimUnlock / claimCancel, `executionFee` the
 * keeper's reward after the gate's fees. The gate's fee getters are in deBridgeGateAbi. Pinned
 * to the compiled contract by test.
 */
export const devnetMessengerAbi = [
  {
    type: 'function',
    name: 'deliver',
    stateMutability: 'nonpayable',
    inputs: [
      { name: '_target', type: 'address' },
      { name: '_data', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes' }],
  },
  {
    type: 'function',
    name: 'relayer',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'address' }],
  },
  {
    type: 'event',
    name: 'MessageSent',
    anonymous: false,
    inputs: [
      { name: 'dstChainId', type: 'uint256', indexed: false },
      { name: 'target', type: 'address', indexed: false },
      { name: 'data', type: 'bytes', indexed: false },
      { name: 'executionFee', type: 'uint256', indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'MessageDelivered',
    anonymous: false,
    inputs: [
      { name: 'target', type: 'address', indexed: false },
      { name: 'data', type: 'bytes', indexed: false },
      { name: 'success', type: 'bool', indexed: false },
      { name: 'result', type: 'bytes', indexed: false },
    ],
  },
  {
    type: 'error',
    name: 'OnlyRelayer',
    inputs: [],
  },
  {
    type: 'error',
    name: 'DeliveryFailed',
    inputs: [{ name: 'reason', type: 'bytes' }],
  },
] as const
