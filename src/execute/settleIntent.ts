import type { Connection } from '@solana/web3.js'
import { type Address, decodeFunctionData, erc20Abi, type Hex, parseTransaction } from 'viem'
import { EVM_CONTRACTS } from '../chains/chainRegistry.ts'
import type { EvmRpc } from '../chains/evm/createEvmRpc.ts'
import type { EvmSender } from '../chains/evm/createEvmSender.ts'
import { parseCreatedOrder } from '../chains/evm/parseCreatedOrder.ts'
import { type EvmResumeOutcome, resumeEvmAttempts } from '../chains/evm/resumeEvmAttempts.ts'
import { safeAbi } from '../chains/evm/safe/safeAbi.ts'
import { safeResumeOf } from '../chains/evm/safe/safeResumeOf.ts'
import { unwrapSafeExec } from '../chains/evm/safe/unwrapSafeExec.ts'
import { resumeSolanaAttempts } from '../chains/solana/resumeSolanaAttempts.ts'
import type { Clock } from '../common/clock.ts'
import type { Logger } from '../common/Logger.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import type { AttemptRecord, IntentReconciliation } from '../store/contract/journalTypes.ts'
import { revokeAllowance } from './evm/ensureAllowance.ts'
import type { ExecutionOutcome } from './executionOutcome.ts'
import type { ReconciliationPlan } from './planReconciliation.ts'

/** What {@link settleIntent} needs of the world. */
export type SettleIntentDeps = {
  journal: Pick<JournalStore, 'setAttemptState'>
  evmChain(
    chainId: number,
  ): { rpc: EvmRpc; sender: EvmSender | undefined; confirmations: number } | undefined
  solana: { connection: Connection; commitment: 'confirmed' | 'finalized' } | undefined
  /** Whether journaled bytes may be rebroadcast and allowances revoked (false in dry-run). */
  sending: boolean
  pollIntervalMs: number
  /** How long one intent's look-ups may go on before it is left `unknown`, ms. */
  maxWaitMs: number
  /** Journals and reports the order a resumed transaction created. */
  created(orderId: string, createTxHash: string): Promise<ExecutionOutcome> | ExecutionOutcome
  clock: Clock
  logger: Logger
}

/**
 * Carries out a restart's `resume` or `abandon` plan for one intent (safety P-2.2, P-1.12):
 * - resume: the journaled signatures are settled on chain (receipt, nonce, rebroadcast of the same
 *   bytes); a mined order is counted only from its CreatedOrder event with the journaled orderId
 *   (P-2.5); a nonce taken by another transaction, a revert or an expired blockhash ends the
 *   intent with no order; a Safe account's journaled bytes whose Safe nonce another Safe
 *   transaction took are never sent again (safeResumeOf);
 * - abandon: the intent's approvals are settled, then any allowance they left is set back to 0.
 */
export async function settleIntent(
  deps: SettleIntentDeps,
  rec: IntentReconciliation,
  plan: Extract<ReconciliationPlan, { kind: 'resume' | 'abandon' }>,
): Promise<ExecutionOutcome> {
  if (plan.kind === 'abandon') return abandon(deps, rec, plan)
  if (plan.family === 'solana') return resumeSolana(deps, plan)
  const chain = deps.evmChain(plan.chainId)
  if (!chain) return { kind: 'unknown', detail: `chain ${plan.chainId} is not configured` }
  const safeTx = plan.attempts.at(-1)?.safeTx
  const safe = safeTx
    ? safeResumeOf(
        safeTx,
        await chain.rpc.read.readContract({
          address: safeTx.safe as Address,
          abi: safeAbi,
          functionName: 'nonce',
        }),
      )
    : undefined
  // The Safe nonce also moves when these very bytes were mined: their receipt decides first.
  const outcome = await resumeJournaled(deps, chain, plan.attempts, safe?.rebroadcast ?? true)
  if (outcome.kind !== 'mined' && safe && !safe.rebroadcast) {
    deps.logger.warn({ intentId: rec.intent.id }, safe.detail)
  }
  if (outcome.kind === 'unknown') {
    // An abandoned Safe tx stays in flight until its key nonce is mined or taken (P-2.8).
    if (safe && !safe.rebroadcast) return { kind: 'unknown', detail: safe.detail }
    return { kind: 'unknown', detail: 'its transaction is neither mined nor replaced yet' }
  }
  if (outcome.kind === 'consumed') {
    if (safe && !safe.rebroadcast) return { kind: 'failed', detail: safe.detail }
    return { kind: 'failed', detail: 'its nonce went to another transaction; nothing was created' }
  }
  if (outcome.receipt.status !== 'success') {
    return { kind: 'failed', detail: `its transaction ${outcome.hash} reverted` }
  }
  if (plan.sendKind === 'swap') {
    return { kind: 'swapped', hash: outcome.hash, chainId: plan.chainId }
  }
  const journaled = plan.attempts.find((a) => a.orderId !== undefined)?.orderId
  if (!journaled) return { kind: 'failed', detail: 'no orderId was journaled with the order' }
  const created = parseCreatedOrder(
    outcome.receipt,
    EVM_CONTRACTS.dlnSource as Address,
    journaled as Hex,
  )
  return deps.created(created.orderId, outcome.hash)
}

/** Settles the journaled signatures of one EVM nonce, journaling each one's end. */
function resumeJournaled(
  deps: SettleIntentDeps,
  chain: NonNullable<ReturnType<SettleIntentDeps['evmChain']>>,
  attempts: readonly AttemptRecord[],
  mayRebroadcast = true,
): Promise<EvmResumeOutcome> {
  return resumeEvmAttempts({
    rpc: chain.rpc,
    attempts,
    rebroadcast: deps.sending && mayRebroadcast,
    confirmations: chain.confirmations,
    pollIntervalMs: deps.pollIntervalMs,
    maxWaitMs: deps.maxWaitMs,
    onAttemptState: (hash, state, error) =>
      deps.journal.setAttemptState(hash, state, error === undefined ? {} : { error }),
    clock: deps.clock,
    logger: deps.logger,
  })
}

async function resumeSolana(
  deps: SettleIntentDeps,
  plan: Extract<ReconciliationPlan, { kind: 'resume' }>,
): Promise<ExecutionOutcome> {
  if (!deps.solana) return { kind: 'unknown', detail: 'Solana is not configured' }
  const outcome = await resumeSolanaAttempts({
    connection: deps.solana.connection,
    attempts: plan.attempts,
    commitment: deps.solana.commitment,
    rebroadcast: deps.sending,
    pollIntervalMs: deps.pollIntervalMs,
    onAttemptState: (signature, state) => deps.journal.setAttemptState(signature, state),
    clock: deps.clock,
    logger: deps.logger,
  })
  if (outcome.kind === 'unknown') {
    return { kind: 'unknown', detail: 'its signature is neither landed nor expired yet' }
  }
  if (outcome.kind === 'expired') {
    return { kind: 'failed', detail: 'its blockhash expired unlanded; nothing was created' }
  }
  if (outcome.kind === 'failedOnChain') {
    return { kind: 'failed', detail: `its transaction failed on chain: ${outcome.detail}` }
  }
  const landed = plan.attempts.find((a) => a.hash === outcome.signature)
  if (!landed?.orderId) return { kind: 'failed', detail: 'no orderId was journaled with it' }
  return deps.created(landed.orderId, landed.hash)
}

async function abandon(
  deps: SettleIntentDeps,
  rec: IntentReconciliation,
  plan: Extract<ReconciliationPlan, { kind: 'abandon' }>,
): Promise<ExecutionOutcome> {
  const revoked: string[] = []
  const byChain = new Map<number, AttemptRecord[]>()
  for (const a of plan.approvals) byChain.set(a.chainId, [...(byChain.get(a.chainId) ?? []), a])
  for (const [chainId, attempts] of byChain) {
    const chain = deps.evmChain(chainId)
    if (!chain) continue
    // An approval still in flight is settled first, so the revoke below sees its final effect.
    for (const nonce of new Set(attempts.map((a) => a.nonce))) {
      const ofNonce = attempts.filter((a) => a.nonce === nonce)
      if (ofNonce.every((a) => a.state === 'confirmed' || a.state === 'failed')) continue
      await resumeJournaled(deps, chain, ofNonce)
    }
    if (!chain.sender || !deps.sending) continue
    for (const { token, spender } of approvedPairs(attempts)) {
      // revokeAllowance re-checks the spender against the allow-list and reads the allowance.
      const hash = await revokeAllowance({
        sender: chain.sender,
        token,
        spender,
        intentId: rec.intent.id,
      })
      if (hash) revoked.push(`${token} → ${spender}`)
    }
  }
  return {
    kind: 'failed',
    detail: revoked.length
      ? `${plan.detail}; leftover allowance revoked (${revoked.join(', ')})`
      : plan.detail,
  }
}

/** The distinct (token, spender) pairs the journaled approve transactions name. */
function approvedPairs(attempts: readonly AttemptRecord[]): { token: Address; spender: Address }[] {
  const pairs = new Map<string, { token: Address; spender: Address }>()
  for (const a of attempts) {
    if (a.kind !== 'approve') continue
    const signed = parseTransaction(a.rawTx)
    if (!signed.to || !signed.data) continue
    // Through a Safe the approve is the inner call of the key's execTransaction.
    const tx = unwrapSafeExec({ to: signed.to, data: signed.data })
    const call = decodeFunctionData({ abi: erc20Abi, data: tx.data })
    if (call.functionName !== 'approve') continue
    const spender = call.args[0]
    pairs.set(`${tx.to}:${spender}`.toLowerCase(), { token: tx.to, spender })
  }
  return [...pairs.values()]
}
