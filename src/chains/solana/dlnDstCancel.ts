import { type Hex, keccak256, size } from 'viem'
import type { DlnOrder } from '../orderId/dlnOrder.ts'
import { anchorDiscriminator } from './anchorDiscriminator.ts'
import { type BorshReader, borshReader, borshWriter } from './borsh.ts'
import { type DlnSolanaOffer, readOffer, writeOffer } from './dlnSrcCreateOrder.ts'

/**
 * dln_dst's `Order` as `cancelOrder` carries it (docs/dln.md §4.10): optional fields are Borsh
 * options, and the hook is only its keccak256 (`externalCallShortcut`).
 */
export type DlnSolanaOrder = {
  makerOrderNonce: bigint
  makerSrc: Hex
  give: DlnSolanaOffer
  take: DlnSolanaOffer
  receiverDst: Hex
  givePatchAuthoritySrc: Hex
  orderAuthorityAddressDst: Hex
  allowedTakerDst: Hex | undefined
  allowedCancelBeneficiarySrc: Hex | undefined
  /** keccak256 of the hook bytes, or undefined without a hook. */
  externalCallShortcut: Hex | undefined
}

/** `cancelOrder(unvalidatedOrder, orderId)` and `sendOrderCancel(orderId, beneficiary, fee)`. */
export type DlnCancelOrder = { unvalidatedOrder: DlnSolanaOrder; orderId: Hex }
export type DlnSendOrderCancel = { orderId: Hex; cancelBeneficiary: Hex; executionFee: bigint }

/** Anchor discriminators of dln_dst's cancel instructions (docs/dln.md §4.10). */
export const DLN_DST_DISCRIMINATORS = {
  cancelOrder: anchorDiscriminator('cancel_order'),
  prepareSend: anchorDiscriminator('prepare_send'),
  sendOrderCancel: anchorDiscriminator('send_order_cancel'),
} as const

/** Named accounts of `cancelOrder`, in order. */
export const DLN_CANCEL_ORDER_ACCOUNTS = [
  'takeOrderState',
  'authorizedSrcContract',
  'canceler',
  'systemProgram',
] as const

/**
 * Named accounts of `prepareSend`, in order: the payer funds dln_dst's shared sender
 * (`sendFrom`, its PDA) for the send instruction that must follow (docs/dln.md §4.10).
 */
export const DLN_PREPARE_SEND_ACCOUNTS = [
  'takeOrderState',
  'sendFrom',
  'sendFromWallet',
  'payer',
  'payerWallet',
  'chainSupportInfo',
  'debridgeState',
  'systemProgram',
  'splTokenProgram',
  'instructions',
] as const

/** Named accounts of `sendOrderCancel`, in order; `sending.*` is deBridge's sending group. */
export const DLN_SEND_ORDER_CANCEL_ACCOUNTS = [
  'takeOrderState',
  'canceler',
  'authorizedSrcContract',
  'sending.nonceStorage',
  'sending.sendFrom',
  'sending.sendFromWallet',
  'sending.systemProgram',
  'sending.externalCallStorage',
  'sending.externalCallMeta',
  'sending.discount',
  'sending.bridgeFee',
  'sending.bridge',
  'sending.tokenMint',
  'sending.stakingWallet',
  'sending.mintAuthority',
  'sending.chainSupportInfo',
  'sending.settingsProgram',
  'sending.splTokenProgram',
  'sending.state',
  'sending.feeBeneficiary',
  'sending.debridgeProgram',
] as const

/** The order as dln_dst sees it, from the order as its id is computed. */
export function toDlnSolanaOrder(o: DlnOrder): DlnSolanaOrder {
  const opt = (v: Hex): Hex | undefined => (size(v) === 0 ? undefined : v)
  return {
    makerOrderNonce: o.makerOrderNonce,
    makerSrc: o.makerSrc,
    give: { chainId: o.giveChainId, tokenAddress: o.giveTokenAddress, amount: o.giveAmount },
    take: { chainId: o.takeChainId, tokenAddress: o.takeTokenAddress, amount: o.takeAmount },
    receiverDst: o.receiverDst,
    givePatchAuthoritySrc: o.givePatchAuthoritySrc,
    orderAuthorityAddressDst: o.orderAuthorityAddressDst,
    allowedTakerDst: opt(o.allowedTakerDst),
    allowedCancelBeneficiarySrc: opt(o.allowedCancelBeneficiarySrc),
    externalCallShortcut: size(o.externalCall) === 0 ? undefined : keccak256(o.externalCall),
  }
}

function readOrder(r: BorshReader): DlnSolanaOrder {
  const f = 'unvalidatedOrder'
  return {
    makerOrderNonce: r.u64(`${f}.makerOrderNonce`),
    makerSrc: r.bytes(`${f}.makerSrc`),
    give: readOffer(r, `${f}.give`),
    take: readOffer(r, `${f}.take`),
    receiverDst: r.bytes(`${f}.receiverDst`),
    givePatchAuthoritySrc: r.bytes(`${f}.givePatchAuthoritySrc`),
    orderAuthorityAddressDst: r.bytes(`${f}.orderAuthorityAddressDst`),
    allowedTakerDst: r.option(`${f}.allowedTakerDst`, () => r.bytes(`${f}.allowedTakerDst`)),
    allowedCancelBeneficiarySrc: r.option(`${f}.allowedCancelBeneficiarySrc`, () =>
      r.bytes(`${f}.allowedCancelBeneficiarySrc`),
    ),
    externalCallShortcut: r.option(`${f}.externalCall`, () =>
      r.fixed(`${f}.externalCall.externalCallShortcut`, 32),
    ),
  }
}

/** Decodes `cancelOrder`'s arguments (the data after the discriminator). */
export function decodeDlnCancelOrderArgs(args: Uint8Array): DlnCancelOrder {
  const r = borshReader(args)
  const unvalidatedOrder = readOrder(r)
  const orderId = r.fixed('orderId', 32)
  r.end()
  return { unvalidatedOrder, orderId }
}

/** Decodes `sendOrderCancel`'s arguments (the data after the discriminator). */
export function decodeDlnSendOrderCancelArgs(args: Uint8Array): DlnSendOrderCancel {
  const r = borshReader(args)
  const out = {
    orderId: r.fixed('orderId', 32),
    cancelBeneficiary: r.bytes('cancelBeneficiary'),
    executionFee: r.u64('executionFee'),
  }
  r.end()
  return out
}

/** Instruction data of `cancelOrder`. */
export function encodeDlnCancelOrder(p: DlnCancelOrder): Buffer {
  const o = p.unvalidatedOrder
  const w = borshWriter().raw(DLN_DST_DISCRIMINATORS.cancelOrder).u64(o.makerOrderNonce)
  w.bytes(o.makerSrc)
  writeOffer(w, o.give)
  writeOffer(w, o.take)
  return w
    .bytes(o.receiverDst)
    .bytes(o.givePatchAuthoritySrc)
    .bytes(o.orderAuthorityAddressDst)
    .option(o.allowedTakerDst, (v) => w.bytes(v))
    .option(o.allowedCancelBeneficiarySrc, (v) => w.bytes(v))
    .option(o.externalCallShortcut, (v) => w.fixed(v, 32))
    .fixed(p.orderId, 32)
    .done()
}

/** Instruction data of `prepareSend`: its discriminator alone (it takes no arguments). */
export function encodeDlnPrepareSend(): Buffer {
  return borshWriter().raw(DLN_DST_DISCRIMINATORS.prepareSend).done()
}

/** Instruction data of `sendOrderCancel`. */
export function encodeDlnSendOrderCancel(p: DlnSendOrderCancel): Buffer {
  return borshWriter()
    .raw(DLN_DST_DISCRIMINATORS.sendOrderCancel)
    .fixed(p.orderId, 32)
    .bytes(p.cancelBeneficiary)
    .u64(p.executionFee)
    .done()
}
