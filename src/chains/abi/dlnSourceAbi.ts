import { DLN_ORDER_COMPONENTS, DLN_ORDER_CREATION_COMPONENTS } from './dlnOrderAbiParameters.ts'

/**
 * The part of DlnSource (dln-contracts 1.4.0) that ferry and its simulator use: order creation,
 * the fee getters, the order state, and the CreatedOrder and ClaimedOrderCancel events.
 * Selectors and topics are pinned by test against docs/dln.md §4.3.
 */
export const dlnSourceAbi = [
  {
    type: 'function',
    name: 'createOrder',
    stateMutability: 'payable',
    inputs: [
      { name: '_orderCreation', type: 'tuple', components: DLN_ORDER_CREATION_COMPONENTS },
      { name: '_affiliateFee', type: 'bytes' },
      { name: '_referralCode', type: 'uint32' },
      { name: '_permitEnvelope', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes32' }],
  },
  {
    type: 'function',
    name: 'createSaltedOrder',
    stateMutability: 'payable',
    inputs: [
      { name: '_orderCreation', type: 'tuple', components: DLN_ORDER_CREATION_COMPONENTS },
      { name: '_salt', type: 'uint64' },
      { name: '_affiliateFee', type: 'bytes' },
      { name: '_referralCode', type: 'uint32' },
      { name: '_permitEnvelope', type: 'bytes' },
      { name: '_metadata', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes32' }],
  },
  {
    type: 'function',
    name: 'globalFixedNativeFee',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint88' }],
  },
  {
    type: 'function',
    name: 'globalTransferFeeBps',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint16' }],
  },
  {
    // Outputs follow the packed GiveOrderState struct (status 0..3, see docs/dln.md §4.5).
    type: 'function',
    name: 'giveOrders',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'bytes32' }],
    outputs: [
      { name: 'status', type: 'uint8' },
      { name: 'giveTokenAddress', type: 'uint160' },
      { name: 'nativeFixFee', type: 'uint88' },
      { name: 'takeChainId', type: 'uint48' },
      { name: 'percentFee', type: 'uint208' },
      { name: 'giveAmount', type: 'uint256' },
      { name: 'affiliateBeneficiary', type: 'address' },
      { name: 'affiliateAmount', type: 'uint256' },
    ],
  },
  {
    type: 'function',
    name: 'masterNonce',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    // No parameter is indexed: the orderId is the second data word (docs/dln.md §4.3).
    type: 'event',
    name: 'CreatedOrder',
    anonymous: false,
    inputs: [
      { name: 'order', type: 'tuple', indexed: false, components: DLN_ORDER_COMPONENTS },
      { name: 'orderId', type: 'bytes32', indexed: false },
      { name: 'affiliateFee', type: 'bytes', indexed: false },
      { name: 'nativeFixFee', type: 'uint256', indexed: false },
      { name: 'percentFee', type: 'uint256', indexed: false },
      { name: 'referralCode', type: 'uint32', indexed: false },
      { name: 'metadata', type: 'bytes', indexed: false },
    ],
  },
  {
    // The refund of a cancelled order (claimCancel, docs/dln.md §4.5); nothing indexed either.
    type: 'event',
    name: 'ClaimedOrderCancel',
    anonymous: false,
    inputs: [
      { name: 'orderId', type: 'bytes32', indexed: false },
      { name: 'beneficiary', type: 'address', indexed: false },
      { name: 'paidAmount', type: 'uint256', indexed: false },
      { name: 'giveTokenAddress', type: 'address', indexed: false },
    ],
  },
] as const
