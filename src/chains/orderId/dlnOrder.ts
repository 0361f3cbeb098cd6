import type { Hex } from 'viem'

/**
 * `DlnOrderLib.Order` as stored and emitted by the contracts (docs/dln.md §4.2): the struct whose
 * packed encoding is hashed into the orderId. Address fields are raw bytes (20 for EVM, 32 for
 * Solana); `giveAmount` is after the protocol and affiliate fees; optional bytes are `0x`.
 */
export type DlnOrder = {
  /** The salt of createSaltedOrder, or the maker's nonce of createOrder (uint64). */
  makerOrderNonce: bigint
  makerSrc: Hex
  giveChainId: bigint
  giveTokenAddress: Hex
  giveAmount: bigint
  takeChainId: bigint
  takeTokenAddress: Hex
  takeAmount: bigint
  receiverDst: Hex
  givePatchAuthoritySrc: Hex
  orderAuthorityAddressDst: Hex
  allowedTakerDst: Hex
  allowedCancelBeneficiarySrc: Hex
  /** The hook bytes; its keccak256 enters the orderId when non-empty. */
  externalCall: Hex
}

/**
 * `DlnOrderLib.OrderCreation`, the first argument of createSaltedOrder (docs/dln.md §4.2). Note the
 * last two fields are in the opposite order from {@link DlnOrder}.
 */
export type DlnOrderCreation = {
  giveTokenAddress: Hex
  /** What DlnSource pulls from the sender, before the protocol and affiliate fees. */
  giveAmount: bigint
  takeTokenAddress: Hex
  takeAmount: bigint
  takeChainId: bigint
  receiverDst: Hex
  givePatchAuthoritySrc: Hex
  orderAuthorityAddressDst: Hex
  allowedTakerDst: Hex
  externalCall: Hex
  allowedCancelBeneficiarySrc: Hex
}
