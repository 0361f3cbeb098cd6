import { DLN_ORDER_COMPONENTS } from './dlnOrderAbiParameters.ts'

const order = { name: '_order', type: 'tuple', components: DLN_ORDER_COMPONENTS } as const

/**
 * The part of DlnDestination (dln-contracts 1.4.0) used by ferry and the devnet solver: both
 * fulfillOrder overloads, cancel, the take patch (patchOrderTake, takePatches), the take state and
 * the FulfilledOrder/SentOrderCancel/DecreasedTakeAmount events.
 * Selectors and topics are pinned by test against docs/dln.md §4.3.
 */
export const dlnDestinationAbi = [
  {
    type: 'function',
    name: 'fulfillOrder',
    stateMutability: 'payable',
    inputs: [
      order,
      { name: '_fulFillAmount', type: 'uint256' },
      { name: '_orderId', type: 'bytes32' },
      { name: '_permitEnvelope', type: 'bytes' },
      { name: '_unlockAuthority', type: 'address' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'fulfillOrder',
    stateMutability: 'payable',
    inputs: [
      order,
      { name: '_fulFillAmount', type: 'uint256' },
      { name: '_orderId', type: 'bytes32' },
      { name: '_permitEnvelope', type: 'bytes' },
      { name: '_unlockAuthority', type: 'address' },
      { name: '_externalCallRewardBeneficiary', type: 'address' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'sendEvmOrderCancel',
    stateMutability: 'payable',
    inputs: [
      order,
      { name: '_cancelBeneficiary', type: 'address' },
      { name: '_executionFee', type: 'uint256' },
    ],
    outputs: [],
  },
  {
    // Only the order's destination authority; lowers the take to takeAmount - _newSubtrahend.
    type: 'function',
    name: 'patchOrderTake',
    stateMutability: 'nonpayable',
    inputs: [order, { name: '_newSubtrahend', type: 'uint256' }],
    outputs: [],
  },
  {
    // The subtrahend of the last take patch (0 when none): a fill delivers takeAmount minus it.
    type: 'function',
    name: 'takePatches',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'bytes32' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'sendEvmUnlock',
    stateMutability: 'payable',
    inputs: [
      { name: '_orderId', type: 'bytes32' },
      { name: '_beneficiary', type: 'address' },
      { name: '_executionFee', type: 'uint256' },
    ],
    outputs: [],
  },
  {
    // The gate that carries unlock and cancel messages; its flat fee is paid with each one.
    type: 'function',
    name: 'deBridgeGate',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'address' }],
  },
  {
    // Outputs follow 1.4.0's OrderTakeState struct (status 0..3, see docs/dln.md §4.5); the
    // SDK's older ABI has three (docs/dln.md §10).
    type: 'function',
    name: 'takeOrders',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'bytes32' }],
    outputs: [
      { name: 'status', type: 'uint8' },
      { name: 'takerAddress', type: 'address' },
      { name: 'giveChainId', type: 'uint32' },
      { name: 'bigGiveChainId', type: 'uint256' },
    ],
  },
  {
    type: 'event',
    name: 'FulfilledOrder',
    anonymous: false,
    inputs: [
      { name: 'order', type: 'tuple', indexed: false, components: DLN_ORDER_COMPONENTS },
      { name: 'orderId', type: 'bytes32', indexed: false },
      { name: 'sender', type: 'address', indexed: false },
      { name: 'unlockAuthority', type: 'address', indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'SentOrderCancel',
    anonymous: false,
    inputs: [
      { name: 'order', type: 'tuple', indexed: false, components: DLN_ORDER_COMPONENTS },
      { name: 'orderId', type: 'bytes32', indexed: false },
      { name: 'cancelBeneficiary', type: 'bytes', indexed: false },
      { name: 'submissionId', type: 'bytes32', indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'DecreasedTakeAmount',
    anonymous: false,
    inputs: [
      { name: 'orderId', type: 'bytes32', indexed: false },
      { name: 'orderTakeFinalAmount', type: 'uint256', indexed: false },
    ],
  },
] as const
