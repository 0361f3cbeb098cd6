/**
 * ABI tuple of `DlnOrderLib.OrderCreation`, the argument of createOrder/createSaltedOrder
 * (docs/dln.md §4.2). Its last two fields are swapped relative to {@link DLN_ORDER_COMPONENTS}.
 */
export const DLN_ORDER_CREATION_COMPONENTS = [
  { name: 'giveTokenAddress', type: 'address' },
  { name: 'giveAmount', type: 'uint256' },
  { name: 'takeTokenAddress', type: 'bytes' },
  { name: 'takeAmount', type: 'uint256' },
  { name: 'takeChainId', type: 'uint256' },
  { name: 'receiverDst', type: 'bytes' },
  { name: 'givePatchAuthoritySrc', type: 'address' },
  { name: 'orderAuthorityAddressDst', type: 'bytes' },
  { name: 'allowedTakerDst', type: 'bytes' },
  { name: 'externalCall', type: 'bytes' },
  { name: 'allowedCancelBeneficiarySrc', type: 'bytes' },
] as const

/**
 * ABI tuple of `DlnOrderLib.Order`, the payload of the events and the argument of fulfill/cancel
 * (docs/dln.md §4.2). Every address is `bytes` so that Solana orders fit the same tuple.
 */
export const DLN_ORDER_COMPONENTS = [
  { name: 'makerOrderNonce', type: 'uint64' },
  { name: 'makerSrc', type: 'bytes' },
  { name: 'giveChainId', type: 'uint256' },
  { name: 'giveTokenAddress', type: 'bytes' },
  { name: 'giveAmount', type: 'uint256' },
  { name: 'takeChainId', type: 'uint256' },
  { name: 'takeTokenAddress', type: 'bytes' },
  { name: 'takeAmount', type: 'uint256' },
  { name: 'receiverDst', type: 'bytes' },
  { name: 'givePatchAuthoritySrc', type: 'bytes' },
  { name: 'orderAuthorityAddressDst', type: 'bytes' },
  { name: 'allowedTakerDst', type: 'bytes' },
  { name: 'allowedCancelBeneficiarySrc', type: 'bytes' },
  { name: 'externalCall', type: 'bytes' },
] as const
