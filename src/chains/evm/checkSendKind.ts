import { decodeFunctionData, erc20Abi, type Hex, size, slice } from 'viem'
import { VerificationError } from '../../common/VerificationError.ts'
import type { EvmSendKind } from './sendJournal.ts'

const APPROVE = '0x095ea7b3'

/**
 * Binds an ERC-20 `approve` to the sends that mean one (safety P-8.3, docs/safety.md "Treasury
 * accounts"): it is signed only as an `approve` or a `revoke`, and a `revoke` sets 0. The signer's
 * allow-list lets an approve of DlnSource or the forwarder through at any amount (a standing
 * allowance is a policy); without this, bytes that reached the sender as an order could leave
 * such an allowance behind. Pure. @throws VerificationError naming `request.kind`.
 */
export function checkSendKind(request: { kind: EvmSendKind; data: Hex }): void {
  const selector = size(request.data) >= 4 ? slice(request.data, 0, 4).toLowerCase() : '0x'
  if (selector !== APPROVE) return
  if (request.kind !== 'approve' && request.kind !== 'revoke') {
    throw new VerificationError(
      'request.kind',
      'approve | revoke',
      request.kind,
      'carries an ERC-20 approve',
    )
  }
  if (request.kind === 'revoke') {
    let amount: bigint | undefined
    try {
      amount = decodeFunctionData({ abi: erc20Abi, data: request.data }).args[1] as bigint
    } catch {
      amount = undefined
    }
    if (amount !== 0n) {
      throw new VerificationError('approve.amount', 0n, amount ?? request.data, 'is not a revoke')
    }
  }
}
