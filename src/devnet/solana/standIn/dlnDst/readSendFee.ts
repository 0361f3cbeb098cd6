import { DEBRIDGE_SOLANA_PROGRAMS } from '../../../../chains/solana/debridgeSendingAccounts.ts'
import {
  type DebridgeSettingsState,
  debridgeSolanaSendFee,
  decodeDebridgeChainSupportInfo,
  decodeDebridgeSettingsState,
} from '../../../../chains/solana/debridgeSettingsAccounts.ts'
import { anchorError } from '../anchorError.ts'
import type { StandInContext, StandInError } from '../StandInProgram.ts'
import { dlnDstError } from './dlnDstErrors.ts'

/**
 * Errors of deBridge's own IDLs (deBridge's `solana-contracts-client` 3.3.0: the settings
 * program's `StatePaused`, the gate's `ChainNotSupported` and `WrongFeeBeneficiaryWallet`) and
 * Anchor's account codes, for the settings accounts a send reads (docs/dln.md §4.12).
 */
const CODES = {
  StatePaused: 6000,
  ChainNotSupported: 20099,
  WrongFeeBeneficiaryWallet: 20129,
  AccountDidNotDeserialize: 3003,
} as const

/** One refusal of deBridge's settings or gate, worded like Anchor's log line. */
export function debridgeError(
  code: keyof typeof CODES,
  account: string,
  detail: string,
): StandInError {
  return anchorError(code, CODES[code], account, detail)
}

/** What a dln_dst send pays deBridge, in lamports, and the state it was read from. */
export type StandInSendFee = {
  state: DebridgeSettingsState
  /** The chain's fixed fee, else the state's global one. Lamports. */
  fixedFeeLamports: bigint
  /** The chain's transfer fee, else the state's global one. Bps. */
  transferFeeBps: bigint
}

/**
 * Reads deBridge's settings `State` and the give chain's `ChainSupportInfo` from the accounts
 * named `stateName` / `chainName` (their addresses already checked by the caller) and applies
 * deBridge's SDK `getFeesOrGlobal` (docs/dln.md §4.12). Writes nothing.
 * @throws StandInError naming the account: missing (`AccountNotInitialized`), not the settings
 * program's (`AccountOwnedByWrongProgram`), undecodable (`AccountDidNotDeserialize`), a paused
 * gate (`StatePaused`) or a chain deBridge does not support (`ChainNotSupported`).
 */
export function readSendFee(
  ctx: StandInContext,
  state: { name: string; key: string },
  chain: { name: string; key: string },
): StandInSendFee {
  const decodedState = readSettings(ctx, state, decodeDebridgeSettingsState)
  const info = readSettings(ctx, chain, decodeDebridgeChainSupportInfo)
  if (decodedState.status !== 'Working') {
    throw debridgeError('StatePaused', state.name, 'deBridge’s gate is paused')
  }
  if (!info.supported) {
    throw debridgeError('ChainNotSupported', chain.name, 'deBridge does not send to this chain')
  }
  return { state: decodedState, ...debridgeSolanaSendFee(decodedState, info) }
}

function readSettings<T>(
  ctx: StandInContext,
  at: { name: string; key: string },
  decode: (data: Uint8Array) => T,
): T {
  const account = ctx.get(at.key)
  if (!account || account.lamports === 0) {
    throw dlnDstError('AccountNotInitialized', at.name, `${at.key} does not exist`)
  }
  if (account.owner.toBase58() !== DEBRIDGE_SOLANA_PROGRAMS.settings) {
    throw dlnDstError('AccountOwnedByWrongProgram', at.name, account.owner.toBase58())
  }
  try {
    return decode(account.data)
  } catch (error) {
    throw debridgeError('AccountDidNotDeserialize', at.name, (error as Error).message)
  }
}
