import { FerryError } from '../../common/FerryError.ts'
import { BorshDecodeError } from './borsh.ts'
import {
  chainSupportInfoAddress,
  DEBRIDGE_SOLANA_PROGRAMS,
  debridgeStateAddress,
} from './debridgeSendingAccounts.ts'
import {
  debridgeSolanaSendFee,
  decodeDebridgeChainSupportInfo,
  decodeDebridgeSettingsState,
} from './debridgeSettingsAccounts.ts'
import type { SolanaAccountBytes } from './readSolanaAccounts.ts'

/** What deBridge's gate on Solana charges a send to one chain, as its accounts say. */
export type DebridgeSendFee = {
  /** Lamports. */
  fixedFeeLamports: bigint
  transferFeeBps: bigint
  /** The state's fee beneficiary (base58), which every send names. */
  feeBeneficiary: string
}

/** deBridge's Solana gate cannot send: an account missing, not deBridge's, or refusing. */
export class DebridgeGateError extends FerryError {
  override name = 'DebridgeGateError'
}

/** The two accounts {@link debridgeSendFeeOf} reads: deBridge's state and the chain's support info. */
export function debridgeSendFeeAccounts(chainIdTo: bigint): { state: string; chain: string } {
  return {
    state: debridgeStateAddress().toBase58(),
    chain: chainSupportInfoAddress(chainIdTo).toBase58(),
  }
}

/**
 * deBridge's fee for a send from Solana to `chainIdTo`, from its settings accounts as read (the
 * chain's own fee, else the global one, as deBridge's SDK's `getFeesOrGlobal`; docs/dln.md
 * §4.10). Pure.
 * @throws DebridgeGateError when an account is missing, not owned by deBridge's settings
 *   program, does not decode, or the gate is paused or does not serve the chain.
 */
export function debridgeSendFeeOf(
  accounts: ReadonlyMap<string, SolanaAccountBytes>,
  chainIdTo: bigint,
): DebridgeSendFee {
  const keys = debridgeSendFeeAccounts(chainIdTo)
  const fix = 'fix: check that chains.7565164.rpcUrls serve Solana mainnet'
  const account = (key: string, what: string): Uint8Array => {
    const found = accounts.get(key)
    if (!found)
      throw new DebridgeGateError(`deBridge's ${what} ${key} does not exist`, {
        metaMessages: [fix],
      })
    if (found.owner !== DEBRIDGE_SOLANA_PROGRAMS.settings) {
      throw new DebridgeGateError(`deBridge's ${what} ${key} is owned by ${found.owner}`, {
        metaMessages: [
          `expected deBridge's settings program ${DEBRIDGE_SOLANA_PROGRAMS.settings}`,
          fix,
        ],
      })
    }
    return found.data
  }
  try {
    const state = decodeDebridgeSettingsState(account(keys.state, 'state'))
    const chain = decodeDebridgeChainSupportInfo(
      account(keys.chain, `support info of chain ${chainIdTo}`),
    )
    return { ...debridgeSolanaSendFee(state, chain), feeBeneficiary: state.feeBeneficiary }
  } catch (error) {
    if (error instanceof DebridgeGateError) throw error
    const detail =
      error instanceof BorshDecodeError
        ? `does not decode: ${error.message}`
        : (error as Error).message
    throw new DebridgeGateError(`deBridge's gate cannot send to chain ${chainIdTo}: ${detail}`)
  }
}
