import { createHash } from 'node:crypto'
import { PublicKey } from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'
import { borshReader, borshWriter } from '../../../../chains/solana/borsh.ts'
import type { DlnAffiliateFee } from '../../../../chains/solana/dlnSrcCreateOrder.ts'

const accountDiscriminator = (name: string): Buffer =>
  createHash('sha256').update(`account:${name}`).digest().subarray(0, 8)

/**
 * Space of a GiveOrderState account: 8 + the largest `Created` status (166) + bump + walletBump =
 * 176 bytes, whose rent is the 2 115 840 lamports docs/dln.md §1.4 states.
 */
export const GIVE_ORDER_STATE_SIZE = 176
/** Space of a NonceMaster account: 8 + u64, rent 1 002 240 lamports (docs/dln.md §1.4). */
export const NONCE_MASTER_SIZE = 16

/** dln_src's `State` (IDL 1.2.1 `accounts.state`), the fields a create reads. */
export type DlnSrcState = {
  protocolAuthority: PublicKey
  /** Lamports. */
  fixedFee: bigint
  percentFeeBps: bigint
  isFeeRefund: boolean
  feeBeneficiary: PublicKey
  bump: number
  stopTap: PublicKey
  isWorking: boolean
}

/** Encodes a `State` account (discriminator ‖ Borsh, IDL 1.2.1 field order). */
export function encodeDlnSrcState(s: DlnSrcState): Buffer {
  return borshWriter()
    .raw(accountDiscriminator('State'))
    .publicKey(s.protocolAuthority)
    .u64(s.fixedFee)
    .u64(s.percentFeeBps)
    .u8(s.isFeeRefund ? 1 : 0)
    .publicKey(s.feeBeneficiary)
    .u8(s.bump)
    .publicKey(s.stopTap)
    .u8(s.isWorking ? 1 : 0)
    .done()
}

/** Decodes a `State` account; undefined when it is not one. */
export function decodeDlnSrcState(data: Uint8Array): DlnSrcState | undefined {
  if (!Buffer.from(data.subarray(0, 8)).equals(accountDiscriminator('State'))) return undefined
  const r = borshReader(data.subarray(8))
  return {
    protocolAuthority: r.publicKey('protocolAuthority'),
    fixedFee: r.u64('fixedFee'),
    percentFeeBps: r.u64('percentFeeBps'),
    isFeeRefund: r.u8('isFeeRefund') === 1,
    feeBeneficiary: r.publicKey('feeBeneficiary'),
    bump: r.u8('bump'),
    stopTap: r.publicKey('stopTap'),
    isWorking: r.u8('isWorking') === 1,
  }
}

/** Encodes an `AuthorizedNativeSender` account: `dstAddress: bytes, bump: u8`. */
export function encodeAuthorizedNativeSender(dstAddress: Hex, bump: number): Buffer {
  return borshWriter()
    .raw(accountDiscriminator('AuthorizedNativeSender'))
    .bytes(dstAddress)
    .u8(bump)
    .done()
}

/** Encodes a `NonceMaster` account: `nonce: u64`. */
export function encodeNonceMaster(nonce: bigint): Buffer {
  return borshWriter().raw(accountDiscriminator('NonceMaster')).u64(nonce).done()
}

/** Reads a `NonceMaster` account's nonce; 0 for none. */
export function decodeNonceMaster(data: Uint8Array | undefined): bigint {
  if (!data || data.length < 16) return 0n
  return Buffer.from(data).readBigUInt64LE(8)
}

/** `GiveOrderStatus::Created` of IDL 1.2.1: what the order holds until it is claimed. */
export type GiveOrderCreated = {
  giveAmount: bigint
  fixFee: bigint
  percentFee: bigint
  affiliateFee: DlnAffiliateFee | undefined
  allowedCancelBeneficiary: PublicKey | undefined
  givePatchAuthority: PublicKey
  takeChainId: bigint
  bump: number
  walletBump: number
}

/**
 * Encodes a `GiveOrderState` account with status `Created` (tag 0) as dln_src's IDL 1.2.1 lays it
 * out: discriminator ‖ status { giveAmount: Option<u64>, fix_fee: Option<u64>, percent_fee:
 * Option<u64>, affiliate_fee: Option<AffiliateFee>, allowed_cancel_beneficiary: Option<publicKey>,
 * give_patch_authority: publicKey, takeChainId: [u8; 32] } ‖ bump ‖ walletBump, zero-padded to
 * {@link GIVE_ORDER_STATE_SIZE}.
 */
export function encodeGiveOrderState(s: GiveOrderCreated): Buffer {
  const w = borshWriter()
  w.raw(accountDiscriminator('GiveOrderState'))
    .u8(0)
    .option(s.giveAmount, (v) => w.u64(v))
    .option(s.fixFee, (v) => w.u64(v))
    .option(s.percentFee, (v) => w.u64(v))
    .option(s.affiliateFee, (v) => w.publicKey(v.beneficiary).u64(v.amount))
    .option(s.allowedCancelBeneficiary, (v) => w.publicKey(v))
    .publicKey(s.givePatchAuthority)
    .raw(hexToBytes(`0x${s.takeChainId.toString(16).padStart(64, '0')}`))
    .u8(s.bump)
    .u8(s.walletBump)
  const out = Buffer.alloc(GIVE_ORDER_STATE_SIZE)
  w.done().copy(out)
  return out
}

/** The give amount of a `Created` GiveOrderState; undefined for any other account or status. */
export function giveAmountOfGiveOrderState(data: Uint8Array | undefined): bigint | undefined {
  if (!data || !Buffer.from(data.subarray(0, 8)).equals(accountDiscriminator('GiveOrderState'))) {
    return undefined
  }
  const r = borshReader(data.subarray(8))
  if (r.u8('status') !== 0) return undefined
  return r.option('giveAmount', () => r.u64('giveAmount'))
}

/** The program's PDA and bump for `seeds`. */
export function pdaOf(program: string, ...seeds: Buffer[]): [PublicKey, number] {
  return PublicKey.findProgramAddressSync(seeds, new PublicKey(program))
}
