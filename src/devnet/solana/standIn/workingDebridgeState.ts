import type { DebridgeSettingsState } from '../../../chains/solana/debridgeSettingsAccounts.ts'

/**
 * A deBridge settings `State` as a devnet holds it (docs/dln.md §4.12): `Working`, no oracles, an
 * empty confirmation guard, its authorities set to `authority`; `over` sets the fee fields and
 * anything else. Only the status, the fee beneficiary and the global fees matter to a send.
 */
export function workingDebridgeState(
  authority: string,
  over: Pick<DebridgeSettingsState, 'feeBeneficiary' | 'globalFixedFee' | 'globalTransferFeeBps'> &
    Partial<DebridgeSettingsState>,
): DebridgeSettingsState {
  return {
    status: 'Working',
    protocolAuthority: authority,
    stopTap: authority,
    oracles: [],
    requiredOracles: [],
    confirmationGuard: {
      currentTimeslot: undefined,
      submissionInTimeslotCount: 0,
      confirmationThreshold: 0,
      excessConfirmations: 0,
      minConfirmations: 0,
      excessConfirmationTimeslot: 0n,
    },
    ...over,
  }
}
