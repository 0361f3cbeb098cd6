import type { Hex } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import { evmAllowList } from '../evmAllowList.ts'
import type { EvmSigner } from './createEvmSigner.ts'
import { encodePermitEnvelope, type OrderPermit, permitTypedData } from './permitEnvelope.ts'
import type { EvmSendJournal } from './sendJournal.ts'

/**
 * Signs an EIP-2612 permit for an order and returns deBridge's permit envelope (docs/dln.md
 * §4.9). Like a transaction: the spender must be the chain's allow-listed DlnSource or forwarder
 * (re-checked here, at the signer's door), and the permit's record (token nonce, spender, value,
 * deadline) is journaled before the signature (docs/safety.md §10); a journal failure signs
 * nothing.
 * @throws VerificationError for a spender off the allow-list; the journal's or signer's error.
 */
export async function signJournaledPermit(
  ctx: { chainId: ChainId; signer: EvmSigner; journal: EvmSendJournal },
  permit: OrderPermit,
  intentId?: string,
): Promise<Hex> {
  const allow = evmAllowList(ctx.chainId)
  const spender = permit.spender.toLowerCase()
  if (!allow || (spender !== allow.dlnSource && spender !== allow.forwarder)) {
    throw new VerificationError('permit.spender', 'DlnSource or the forwarder', permit.spender)
  }
  if (permit.owner.toLowerCase() !== ctx.signer.address.toLowerCase()) {
    throw new VerificationError('permit.owner', ctx.signer.address, permit.owner)
  }
  await ctx.journal.beforePermit?.({
    chainId: ctx.chainId,
    owner: permit.owner,
    token: permit.token,
    spender: permit.spender,
    value: permit.value,
    nonce: permit.nonce,
    deadline: permit.deadline,
    ...(intentId === undefined ? {} : { intentId }),
  })
  const signature = await ctx.signer.signTypedData(permitTypedData(permit))
  return encodePermitEnvelope(permit.value, permit.deadline, signature)
}
