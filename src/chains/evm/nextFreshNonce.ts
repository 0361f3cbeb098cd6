import type { Hex } from 'viem'
import { createNonceBroadcaster } from './createNonceBroadcaster.ts'
import { EvmSendError } from './EvmSendError.ts'
import type { EvmSenderContext } from './EvmSenderContext.ts'
import { bumpEvmFees, type EvmFees } from './evmFeePolicy.ts'
import { followEvmSend } from './followEvmSend.ts'
import { planNonce } from './planNonce.ts'
import { type NonceCounts, readNonceCounts } from './readNonceCounts.ts'

/** The most gaps one send fills before it gives up and lets the error reach the caller. */
const MAX_GAPS_PER_SEND = 8

/**
 * The nonce manager of one (chain, address) (docs/safety.md P-2.6, P-2.8): reads the chain's
 * `latest` and `pending` counts (one batched request) and the journal's open nonces, and
 * {@link planNonce} decides. A gap, the lowest nonce the node lacks while ferry signed past it
 * (a dropped transaction, a send that ended `unknown`), is filled with a 0-value self-transfer at
 * that nonce, journaled like any send (kind `fence`) and followed to inclusion, so nothing later
 * waits behind it forever. Its fees are the current ones, raised to a replacement bump over any
 * signature journaled at that nonce, so a copy of the dropped one still in some mempool is
 * replaced rather than mined. The first call also checks the RPC serves the sender's chain.
 * `first`: counts the caller read ahead (under the same serialization, nothing sent since), used
 * for the first plan instead of a read; later plans, after a gap fill, always read again.
 * @returns the nonce for the next transaction.
 */
export async function nextFreshNonce(
  ctx: EvmSenderContext,
  counter: number | undefined,
  fees: EvmFees,
  confirmations: number,
  first?: NonceCounts,
): Promise<number> {
  const address = ctx.signer.address
  for (let filled = 0; ; filled++) {
    const open = (await ctx.journal.openNonces?.(ctx.nativeChainId, address)) ?? []
    const { latestCount, pendingCount } =
      filled === 0 && first
        ? first
        : await readNonceCounts(ctx, counter === undefined && filled === 0, open.length > 0)
    const plan = planNonce({
      latestCount,
      pendingCount,
      ...(counter === undefined ? {} : { counter }),
      openNonces: open.map((o) => o.nonce),
    })
    if (plan.gap === undefined || filled >= MAX_GAPS_PER_SEND) return plan.next
    const signed = open.find((o) => o.nonce === plan.gap)
    ctx.logger.warn(
      { chainId: ctx.chainId, gap: plan.gap, next: plan.next },
      'nonce gap: filling it with a 0-value self-transfer',
    )
    await fillNonceGap(ctx, plan.gap, raiseOver(fees, signed, ctx), confirmations)
  }
}

/** Current fees, or a replacement bump over the fees journaled at the nonce when higher. */
function raiseOver(fees: EvmFees, signed: EvmFees | undefined, ctx: EvmSenderContext): EvmFees {
  if (!signed) return fees
  const bumped = bumpEvmFees(signed, ctx.feePolicy) ?? signed
  // bigint: Math.max does not take them.
  const higher = (a: bigint, b: bigint): bigint => (a > b ? a : b)
  return {
    maxFeePerGas: higher(bumped.maxFeePerGas, fees.maxFeePerGas),
    maxPriorityFeePerGas: higher(bumped.maxPriorityFeePerGas, fees.maxPriorityFeePerGas),
  }
}

/**
 * Signs, journals and broadcasts the fence at `nonce` and follows it to `confirmations`. A node
 * that says the nonce is used (another transaction filled it meanwhile) ends the fill early: the
 * caller plans again from the chain. Throws EvmSendError `rejected` when the node refuses it.
 */
async function fillNonceGap(
  ctx: EvmSenderContext,
  nonce: number,
  fees: EvmFees,
  confirmations: number,
): Promise<Hex | undefined> {
  const req = {
    kind: 'fence',
    to: ctx.signer.address,
    data: '0x',
    value: 0n,
    gasLimit: 21_000n,
  } as const
  const broadcaster = createNonceBroadcaster(ctx, req)
  const verdict = await broadcaster.broadcast(nonce, fees)
  if (verdict === 'nonceTooLow') return undefined
  if (verdict === 'rejected' || verdict === 'underpriced') {
    throw new EvmSendError('rejected', `the node refused the nonce fence (${verdict})`, {
      nonce,
      hashes: broadcaster.hashes,
    })
  }
  const result = await followEvmSend(ctx, {
    req,
    broadcaster,
    nonce,
    fees,
    confirmations,
    forgetNonce: () => {},
  })
  return result.hash
}
