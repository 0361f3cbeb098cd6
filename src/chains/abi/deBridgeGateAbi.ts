/**
 * The part of DeBridgeGate that ferry reads: the flat native fee it charges per message, which a
 * cancel (or unlock) sent through DlnDestination must carry (docs/dln.md §3.5, §4.3).
 */
export const deBridgeGateAbi = [
  {
    type: 'function',
    name: 'globalFixedNativeFee',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const
