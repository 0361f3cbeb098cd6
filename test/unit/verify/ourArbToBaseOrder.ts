import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'

/** `me` of {@link ourArbToBaseOrder}: maker and every authority. */
export const ME = '0x1111111111111111111111111111111111111111'

/** An order as DlnSource emits it: Arbitrum USDC to Base USDC, ferry as maker and every authority. */
export const ourArbToBaseOrder: DlnOrder = {
  makerOrderNonce: 1_767_225_600_123n,
  makerSrc: ME,
  giveChainId: 42161n,
  giveTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  giveAmount: 99_960_000n,
  takeChainId: 8453n,
  takeTokenAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  takeAmount: 99_100_000n,
  receiverDst: ME,
  givePatchAuthoritySrc: ME,
  orderAuthorityAddressDst: ME,
  allowedTakerDst: '0x',
  allowedCancelBeneficiarySrc: ME,
  externalCall: '0x',
}
