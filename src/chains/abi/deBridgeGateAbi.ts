/**
 * The part of DeBridgeGate that ferry reads to price a message DlnDestination sends through it
 * (a cancel or an unlock): the global fallbacks, the per-destination config and the caller's
 * discount, which `_send` combines (docs/dln.md §3.5, §9.3; DeBridgeGate.sol `_send`).
 */
export const deBridgeGateAbi = [
  {
    type: 'function',
    name: 'globalFixedNativeFee',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'globalTransferFeeBps',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint16' }],
  },
  {
    type: 'function',
    name: 'getChainToConfig',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'uint256' }],
    outputs: [
      { name: 'fixedNativeFee', type: 'uint256' },
      { name: 'isSupported', type: 'bool' },
      { name: 'transferFeeBps', type: 'uint16' },
    ],
  },
  {
    type: 'function',
    name: 'feeDiscount',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'address' }],
    outputs: [
      { name: 'discountFixBps', type: 'uint16' },
      { name: 'discountTransferBps', type: 'uint16' },
    ],
  },
] as const
