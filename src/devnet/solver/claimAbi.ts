import { parseAbi } from 'viem'

/**
 * DlnSource's claims as the devnet messenger carries them (docs/dln.md §4.3: 0x5886d8d2,
 * 0xd48b0146).
 */
export const claimAbi = parseAbi([
  'function claimUnlock(bytes32 orderId, address beneficiary)',
  'function claimCancel(bytes32 orderId, address beneficiary)',
])
