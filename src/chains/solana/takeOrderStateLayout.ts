import { createHash } from 'node:crypto'
import { PublicKey } from '@solana/web3.js'

/** The PDA seed of an order's take state on the Solana DlnDestination program. */
export const TAKE_ORDER_STATE_SEED = 'TAKE_ORDER_STATE'

/** The Anchor discriminator of `TakeOrderState` accounts: sha256("account:TakeOrderState")[0..8]. */
export const TAKE_ORDER_STATE_DISCRIMINATOR: Uint8Array = createHash('sha256')
  .update('account:TakeOrderState')
  .digest()
  .subarray(0, 8)

/**
 * Variants of the program's `OrderTakeStatus` enum, in its declared order (the borsh tag):
 * OldFulfilled, SentUnlock, Cancelled, SentCancel, Fulfilled.
 */
export const ORDER_TAKE_STATUS = [
  'OldFulfilled',
  'SentUnlock',
  'Cancelled',
  'SentCancel',
  'Fulfilled',
] as const

/**
 * Bytes dln_dst allocates for a `TakeOrderState`: 112, the size deBridge's own client prices the
 * account at (deBridge's SDK `dln-client` 8.3.6, `DlnDst.getFulfillCost`: discriminator, bump,
 * source chain id and the largest status, `Cancelled` with an EVM beneficiary; docs/dln.md §4.10).
 */
export const TAKE_ORDER_STATE_SPACE = 112

/**
 * Rent the canceler pays for the take state `cancelOrder` creates: Solana's rent-exempt minimum
 * of {@link TAKE_ORDER_STATE_SPACE} bytes, (112 + 128) × 3 480 × 2 = 1 670 400 lamports
 * (docs/dln.md §4.10).
 */
export const TAKE_ORDER_STATE_RENT_LAMPORTS = BigInt((TAKE_ORDER_STATE_SPACE + 128) * 3_480 * 2)

/** One of {@link ORDER_TAKE_STATUS}. */
export type OrderTakeStatus = (typeof ORDER_TAKE_STATUS)[number]

/** The take-state account of `orderId` (0x + 64 hex) under `program`. */
export function takeOrderStateAddress(program: string, orderId: string): PublicKey {
  return takeOrderStatePda(program, orderId).address
}

/** The take-state PDA of `orderId` under `program` with its bump seed. */
export function takeOrderStatePda(
  program: string,
  orderId: string,
): { address: PublicKey; bump: number } {
  const id = Buffer.from(orderId.replace(/^0x/, ''), 'hex')
  const [address, bump] = PublicKey.findProgramAddressSync(
    [Buffer.from(TAKE_ORDER_STATE_SEED), id],
    new PublicKey(program),
  )
  return { address, bump }
}

/**
 * Encodes a `TakeOrderState` as dln_dst's IDL lays it out (docs/dln.md §4.10): discriminator, the
 * `OrderTakeStatus` tag and that variant's fields (`Fulfilled {unlockAuthority, orderId}`,
 * `SentCancel {canceler}`, `Cancelled {canceler, allowed_cancel_beneficiary_src: None}`,
 * `OldFulfilled {unlockAuthority}`, `SentUnlock {unlocker}`), the source chain id as 32 bytes
 * big-endian, the bump. The devnet writes it when its solver fills an order into Solana, and its
 * dln_dst stand-in on a cancel; `unlockAuthority` is the variant's key (the canceler for a
 * cancel), `allowedCancelBeneficiarySrc` the `Cancelled` variant's option (none when absent).
 */
export function encodeTakeOrderState(params: {
  status: OrderTakeStatus
  unlockAuthority: PublicKey
  orderId: string
  sourceChainId: number
  bump: number
  allowedCancelBeneficiarySrc?: Uint8Array | undefined
}): Buffer {
  const chain = Buffer.alloc(32)
  chain.writeBigUInt64BE(BigInt(params.sourceChainId), 24)
  const key = params.unlockAuthority.toBuffer()
  const fields =
    params.status === 'Fulfilled'
      ? [key, Buffer.from(params.orderId.replace(/^0x/, ''), 'hex')]
      : params.status === 'Cancelled'
        ? [key, cancelBeneficiaryOption(params.allowedCancelBeneficiarySrc)]
        : [key]
  return Buffer.concat([
    TAKE_ORDER_STATE_DISCRIMINATOR,
    Buffer.from([ORDER_TAKE_STATUS.indexOf(params.status)]),
    ...fields,
    chain,
    Buffer.from([params.bump]),
  ])
}

function cancelBeneficiaryOption(bytes: Uint8Array | undefined): Buffer {
  if (!bytes) return Buffer.from([0])
  const length = Buffer.alloc(4)
  length.writeUInt32LE(bytes.length)
  return Buffer.concat([Buffer.from([1]), length, bytes])
}
