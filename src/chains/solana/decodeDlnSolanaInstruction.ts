import { SOLANA_PROGRAMS } from '../chainRegistry.ts'
import { BorshDecodeError, borshReader } from './borsh.ts'
import {
  DLN_CANCEL_ORDER_ACCOUNTS,
  DLN_DST_DISCRIMINATORS,
  DLN_PREPARE_SEND_ACCOUNTS,
  DLN_SEND_ORDER_CANCEL_ACCOUNTS,
  type DlnCancelOrder,
  type DlnSendOrderCancel,
  decodeDlnCancelOrderArgs,
  decodeDlnSendOrderCancelArgs,
} from './dlnDstCancel.ts'
import {
  DLN_CREATE_ORDER_ACCOUNTS,
  DLN_SRC_DISCRIMINATORS,
  type DlnCreateOrder,
  decodeDlnCreateOrderArgs,
} from './dlnSrcCreateOrder.ts'

/** A dln_src or dln_dst instruction ferry reads, with its named accounts (docs/dln.md §4.10). */
export type DecodedDlnInstruction =
  | { name: 'createOrder' | 'createOrderWithNonce'; args: DlnCreateOrder; accounts: NamedAccounts }
  | { name: 'cancelOrder'; args: DlnCancelOrder; accounts: NamedAccounts }
  | { name: 'prepareSend'; args: Record<string, never>; accounts: NamedAccounts }
  | { name: 'sendOrderCancel'; args: DlnSendOrderCancel; accounts: NamedAccounts }

/** Account name → base58 key. */
export type NamedAccounts = Record<string, string>

/** A dln_src/dln_dst instruction ferry cannot read; `subject` names what is wrong. */
export class DlnInstructionError extends Error {
  override name = 'DlnInstructionError'
  constructor(
    readonly subject: string,
    detail: string,
  ) {
    super(`${subject}: ${detail}`)
  }
}

/** The DLN programs an instruction may belong to; defaults to the real ones (docs/dln.md §4.1). */
export type DlnProgramIds = { dlnSource: string; dlnDestination: string }

const name = (accounts: readonly string[], keys: readonly string[], at: string): NamedAccounts => {
  if (keys.length < accounts.length) {
    throw new DlnInstructionError(
      `${at}.accounts`,
      `has ${keys.length} accounts, the instruction names ${accounts.length}`,
    )
  }
  return Object.fromEntries(accounts.map((n, i) => [n, keys[i]!]))
}

/**
 * Decodes one instruction of dln_src (`createOrder`, `createOrderWithNonce`) or dln_dst
 * (`cancelOrder`, `prepareSend`, `sendOrderCancel`) by its Anchor discriminator; undefined when `programId` is
 * neither program. `at` names the instruction in errors (e.g. `instructions[8]`).
 * @throws DlnInstructionError for another discriminator of these programs, truncated or
 * trailing data, or fewer accounts than the instruction names.
 */
export function decodeDlnSolanaInstruction(
  ix: { programId: string; accounts: readonly string[]; data: Uint8Array },
  at: string,
  programs: DlnProgramIds = SOLANA_PROGRAMS,
): DecodedDlnInstruction | undefined {
  const isSrc = ix.programId === programs.dlnSource
  if (!isSrc && ix.programId !== programs.dlnDestination) return undefined
  const data = Buffer.from(ix.data)
  if (data.length < 8) {
    throw new DlnInstructionError(
      `${at}.data`,
      `${data.length} bytes, shorter than a discriminator`,
    )
  }
  const disc = data.subarray(0, 8)
  const args = data.subarray(8)
  const table = isSrc ? DLN_SRC_DISCRIMINATORS : DLN_DST_DISCRIMINATORS
  const found = Object.entries(table).find(([, d]) => d.equals(disc))?.[0]
  if (!found) {
    throw new DlnInstructionError(
      `${at}.data`,
      `discriminator ${disc.toString('hex')} is not ${Object.keys(table).join(' or ')} of ${
        isSrc ? 'dln_src' : 'dln_dst'
      }`,
    )
  }
  try {
    if (found === 'createOrder' || found === 'createOrderWithNonce') {
      return {
        name: found,
        args: decodeDlnCreateOrderArgs(found, args),
        accounts: name(DLN_CREATE_ORDER_ACCOUNTS, ix.accounts, at),
      }
    }
    if (found === 'cancelOrder') {
      return {
        name: found,
        args: decodeDlnCancelOrderArgs(args),
        accounts: name(DLN_CANCEL_ORDER_ACCOUNTS, ix.accounts, at),
      }
    }
    if (found === 'prepareSend') {
      borshReader(args).end()
      return { name: found, args: {}, accounts: name(DLN_PREPARE_SEND_ACCOUNTS, ix.accounts, at) }
    }
    return {
      name: 'sendOrderCancel',
      args: decodeDlnSendOrderCancelArgs(args),
      accounts: name(DLN_SEND_ORDER_CANCEL_ACCOUNTS, ix.accounts, at),
    }
  } catch (error) {
    if (error instanceof BorshDecodeError) {
      throw new DlnInstructionError(`${at} ${found}.${error.field}`, error.message)
    }
    throw error
  }
}
