import type { PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { anchorDiscriminator } from './anchorDiscriminator.ts'
import { type BorshReader, type BorshWriter, borshReader, borshWriter } from './borsh.ts'

/** dln_src's `Offer`: chain id and amount are 32-byte big-endian integers (docs/dln.md §4.10). */
export type DlnSolanaOffer = { chainId: bigint; tokenAddress: Hex; amount: bigint }

/** dln_src's `CreateOrderArgs` (docs/dln.md §4.10). Amounts in the give mint's base units. */
export type DlnCreateOrderArgs = {
  /** What the program takes from the maker's wallet, before the fixed and percent fees. */
  giveOriginalAmount: bigint
  take: DlnSolanaOffer
  receiverDst: Hex
  externalCall: Hex | undefined
  givePatchAuthoritySrc: PublicKey
  allowedCancelBeneficiarySrc: PublicKey | undefined
  orderAuthorityAddressDst: Hex
  allowedTakerDst: Hex | undefined
}

/** dln_src's `AffiliateFee`: beneficiary and amount in give-mint base units. */
export type DlnAffiliateFee = { beneficiary: PublicKey; amount: bigint }

/** The arguments of `createOrder` (no nonce, no metadata) or `createOrderWithNonce`. */
export type DlnCreateOrder = {
  instruction: 'createOrder' | 'createOrderWithNonce'
  orderArgs: DlnCreateOrderArgs
  affiliateFee: DlnAffiliateFee | undefined
  referralCode: number | undefined
  /** createOrderWithNonce only: the maker's salt, which is the order's makerOrderNonce. */
  nonce: bigint | undefined
  /** createOrderWithNonce only. */
  metadata: Hex | undefined
}

/** Anchor discriminators of dln_src's order instructions (docs/dln.md §4.10). */
export const DLN_SRC_DISCRIMINATORS = {
  createOrder: anchorDiscriminator('create_order'),
  createOrderWithNonce: anchorDiscriminator('create_order_with_nonce'),
} as const

/**
 * The named accounts of `createOrder` and `createOrderWithNonce`, in order (the same twelve for
 * both; docs/dln.md §4.10).
 */
export const DLN_CREATE_ORDER_ACCOUNTS = [
  'maker',
  'state',
  'tokenMint',
  'giveOrderState',
  'authorizedNativeSender',
  'makerWallet',
  'giveOrderWallet',
  'nonceMaster',
  'feeLedgerWallet',
  'systemProgram',
  'splTokenProgram',
  'associatedSplTokenProgram',
] as const

const u256 = (r: BorshReader, field: string): bigint => BigInt(r.fixed(field, 32))
const toU256 = (v: bigint): Hex => `0x${v.toString(16).padStart(64, '0')}`

/** Reads an Offer. */
export function readOffer(r: BorshReader, field: string): DlnSolanaOffer {
  return {
    chainId: u256(r, `${field}.chainId`),
    tokenAddress: r.bytes(`${field}.tokenAddress`),
    amount: u256(r, `${field}.amount`),
  }
}

/** Writes an Offer. */
export function writeOffer(w: BorshWriter, o: DlnSolanaOffer): void {
  w.fixed(toU256(o.chainId), 32).bytes(o.tokenAddress).fixed(toU256(o.amount), 32)
}

/**
 * Decodes the data (after the 8-byte discriminator) of `createOrder` or `createOrderWithNonce`.
 * @throws BorshDecodeError naming the argument that is truncated or malformed, or trailing bytes.
 */
export function decodeDlnCreateOrderArgs(
  instruction: DlnCreateOrder['instruction'],
  args: Uint8Array,
): DlnCreateOrder {
  const r = borshReader(args)
  const orderArgs: DlnCreateOrderArgs = {
    giveOriginalAmount: r.u64('orderArgs.giveOriginalAmount'),
    take: readOffer(r, 'orderArgs.take'),
    receiverDst: r.bytes('orderArgs.receiverDst'),
    externalCall: r.option('orderArgs.externalCall', () => r.bytes('orderArgs.externalCall')),
    givePatchAuthoritySrc: r.publicKey('orderArgs.givePatchAuthoritySrc'),
    allowedCancelBeneficiarySrc: r.option('orderArgs.allowedCancelBeneficiarySrc', () =>
      r.publicKey('orderArgs.allowedCancelBeneficiarySrc'),
    ),
    orderAuthorityAddressDst: r.bytes('orderArgs.orderAuthorityAddressDst'),
    allowedTakerDst: r.option('orderArgs.allowedTakerDst', () =>
      r.bytes('orderArgs.allowedTakerDst'),
    ),
  }
  const affiliateFee = r.option('affiliateFee', () => ({
    beneficiary: r.publicKey('affiliateFee.beneficiary'),
    amount: r.u64('affiliateFee.amount'),
  }))
  const referralCode = r.option('referralCode', () => r.u32('referralCode'))
  const withNonce = instruction === 'createOrderWithNonce'
  const nonce = withNonce ? r.u64('nonce') : undefined
  const metadata = withNonce ? r.bytes('metadata') : undefined
  r.end()
  return { instruction, orderArgs, affiliateFee, referralCode, nonce, metadata }
}

/** Instruction data (discriminator ‖ Borsh arguments) of `createOrder` or `createOrderWithNonce`. */
export function encodeDlnCreateOrder(p: DlnCreateOrder): Buffer {
  const a = p.orderArgs
  const w = borshWriter().raw(DLN_SRC_DISCRIMINATORS[p.instruction]).u64(a.giveOriginalAmount)
  writeOffer(w, a.take)
  w.bytes(a.receiverDst)
    .option(a.externalCall, (v) => w.bytes(v))
    .publicKey(a.givePatchAuthoritySrc)
    .option(a.allowedCancelBeneficiarySrc, (v) => w.publicKey(v))
    .bytes(a.orderAuthorityAddressDst)
    .option(a.allowedTakerDst, (v) => w.bytes(v))
    .option(p.affiliateFee, (v) => w.publicKey(v.beneficiary).u64(v.amount))
    .option(p.referralCode, (v) => w.u32(v))
  if (p.instruction === 'createOrderWithNonce') w.u64(p.nonce ?? 0n).bytes(p.metadata ?? '0x')
  return w.done()
}
