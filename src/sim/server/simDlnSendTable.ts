import { AddressLookupTableAccount, PublicKey } from '@solana/web3.js'
import { CHAINS, SOLANA_PROGRAMS } from '../../chains/chainRegistry.ts'
import {
  DEBRIDGE_SOLANA_PROGRAMS,
  DLN_SEND_LOOKUP_TABLE,
  dlnSendTableAddresses,
} from '../../chains/solana/debridgeSendingAccounts.ts'

/**
 * The `feeBeneficiary` of the simulator's deBridge state: the real one is read from deBridge's
 * state account on mainnet, which the simulator does not have, so it names a key of its own
 * (the settings program's PDA `["SIM_FEE_BENEFICIARY"]`, which no real account uses).
 */
export const SIM_DEBRIDGE_FEE_BENEFICIARY = PublicKey.findProgramAddressSync(
  [Buffer.from('SIM_FEE_BENEFICIARY')],
  new PublicKey(DEBRIDGE_SOLANA_PROGRAMS.settings),
)[0].toBase58()

/**
 * The send lookup table the simulator's cancels load deBridge's sending accounts through, at
 * deBridge's own table address (docs/dln.md §4.10): shared accounts and, for every EVM chain of
 * the registry, its chain-support and authorized-source accounts. The devnet installs the same
 * table, so what the simulator answers resolves there.
 */
export function simDlnSendTable(): AddressLookupTableAccount {
  const giveChainIds = Object.values(CHAINS)
    .filter((c) => c.kind === 'evm')
    .map((c) => BigInt(c.chainId))
  return new AddressLookupTableAccount({
    key: new PublicKey(DLN_SEND_LOOKUP_TABLE),
    state: {
      deactivationSlot: 2n ** 64n - 1n,
      lastExtendedSlot: 0,
      lastExtendedSlotStartIndex: 0,
      addresses: dlnSendTableAddresses({
        dlnDestination: SOLANA_PROGRAMS.dlnDestination,
        feeBeneficiary: SIM_DEBRIDGE_FEE_BENEFICIARY,
        giveChainIds,
      }),
    },
  })
}
