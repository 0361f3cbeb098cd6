import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256 } from 'viem'
import type { EvmSender } from '../../chains/evm/createEvmSender.ts'
import type { EvmSendPrefetch } from '../../chains/evm/EvmSendPrefetch.ts'
import { evmAllowList } from '../../chains/evmAllowList.ts'
import { FerryError } from '../../common/FerryError.ts'
import type { Logger } from '../../common/Logger.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import { checkEvmValueFlow, type EvmSimulationMode } from '../../verify/checkEvmValueFlow.ts'
import type { EvmCallToSimulate } from '../../verify/evmValueFlow.ts'

/**
 * How much ferry approves (safety P-1.10): `exact` (the default) makes the allowance equal to the
 * amount needed; `capped` sets it to `amount` of the policy, which must cover the need; `unlimited`
 * sets 2^256-1 and is meant only for the fixed, allow-listed DLN contracts.
 */
export type AllowancePolicy =
  | { kind: 'exact' }
  | { kind: 'capped'; amount: bigint }
  | { kind: 'unlimited' }

/** Inputs of {@link ensureAllowance}. Amounts in token base units. */
export type EnsureAllowanceParams = {
  sender: EvmSender
  token: Address
  /** The spender derived from a verified transaction; must be DlnSource or the forwarder. */
  spender: Address
  amount: bigint
  /** Default `{ kind: 'exact' }`. */
  policy?: AllowancePolicy
  /** The allowance already read (e.g. in the batched reads), to save a call. */
  currentAllowance?: bigint
  /** Confirmations each approval waits for. Default 1: the order's simulation re-checks it. */
  confirmations?: number
  intentId?: string
  /**
   * Judges the approval transactions (reset and/or approve, in order, `planned` the allowance
   * they leave) before the first is signed (P-8.1, P-8.3). The order executor passes one that
   * simulates them followed by the order as one sequence. Default: simulate the approvals alone
   * and allow no flow but the planned Approval.
   */
  checkFlow?: (calls: EvmCallToSimulate[], planned: bigint) => Promise<void>
  /** Value-flow simulation of the default check. Default 'on'. */
  simulation?: EvmSimulationMode
  logger?: Logger
}

/** What {@link ensureAllowance} did: nothing, or `reset` (to 0) and/or `approve` transactions. */
export type EnsureAllowanceResult = {
  before: bigint
  after: bigint
  actions: ('reset' | 'approve')[]
  hashes: Hex[]
}

/**
 * Makes `owner → spender` allowance fit the need under the policy: reads it (unless given), and
 * when it does not fit, first sets a non-zero allowance to 0 and waits for that receipt (USDT
 * reverts otherwise, P-1.11), then approves the target and waits. Refuses, before any read, a
 * spender that is not DlnSource or the forwarder of the chain (P-1.1, P-1.10). Before the first
 * signature the planned transactions are simulated and their value flow judged (`checkFlow`,
 * P-8.1, P-8.3). Approvals go through the serialized sender and the journal as their own entries
 * (P-1.13).
 */
export async function ensureAllowance(
  params: EnsureAllowanceParams,
): Promise<EnsureAllowanceResult> {
  const { sender, token, spender, amount } = params
  checkSpender(sender, spender)
  const policy = params.policy ?? { kind: 'exact' }
  const client = sender.rpc.read
  const before =
    params.currentAllowance ??
    (await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [sender.address, spender],
    }))
  let target: bigint
  let fits: boolean
  if (policy.kind === 'exact') {
    target = amount
    fits = before === amount
  } else if (policy.kind === 'capped') {
    if (policy.amount < amount) {
      throw new FerryError('allowance cap below the amount needed', {
        metaMessages: [`cap: ${policy.amount}`, `needed: ${amount}`],
      })
    }
    target = policy.amount
    fits = before >= amount && before <= policy.amount
  } else {
    target = maxUint256
    fits = before >= amount
  }
  if (fits) return { before, after: before, actions: [], hashes: [] }
  const planned: ['reset' | 'approve', bigint][] = []
  if (before !== 0n) planned.push(['reset', 0n])
  if (target !== 0n) planned.push(['approve', target])
  const calls = planned.map(([, value]) => approvalCall(token, spender, value))
  // The first approval's gas estimate and send reads need no verdict: they run during the check.
  const [first] = planned
  const ahead = first ? readsAhead(params, first[1]) : undefined
  await (params.checkFlow ?? defaultCheck(params))(calls, target)
  const hashes: Hex[] = []
  for (const [i, [action, value]] of planned.entries()) {
    const kind = action === 'reset' ? 'revoke' : 'approve'
    hashes.push(await approve(params, value, kind, i === 0 ? ahead : undefined))
  }
  return { before, after: target, actions: planned.map(([a]) => a), hashes }
}

/** The approve(spender, value) transaction on `token`, as ferry signs it. */
export function approvalCall(token: Address, spender: Address, value: bigint): EvmCallToSimulate {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [spender, value],
  })
  return { to: token, data, value: 0n }
}

/** Simulates the approval calls alone: nothing may leave, only the planned allowance remains. */
function defaultCheck(
  params: Pick<EnsureAllowanceParams, 'sender' | 'token' | 'spender' | 'simulation' | 'logger'>,
): (calls: EvmCallToSimulate[], planned: bigint) => Promise<void> {
  return async (calls, planned) => {
    await checkEvmValueFlow(params.sender, {
      calls,
      expected: {
        kind: 'approval',
        nativeFeeWei: 0n,
        approval: { token: params.token, spender: params.spender, amount: planned },
      },
      ...(params.simulation ? { simulation: params.simulation } : {}),
      ...(params.logger ? { logger: params.logger } : {}),
    })
  }
}

/**
 * Sets a leftover allowance back to 0 (safety P-1.12), e.g. after the order failed following an
 * approval. Returns the hash, or undefined when there was nothing to revoke.
 */
export async function revokeAllowance(
  params: Omit<EnsureAllowanceParams, 'amount' | 'policy' | 'checkFlow'>,
): Promise<Hex | undefined> {
  checkSpender(params.sender, params.spender)
  const current = await params.sender.rpc.read.readContract({
    address: params.token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [params.sender.address, params.spender],
  })
  if (current === 0n) return undefined
  // A revoke is judged like any approval: no outflow, the allowance ends at 0 (P-8.3).
  await defaultCheck(params)([approvalCall(params.token, params.spender, 0n)], 0n)
  return approve({ ...params, amount: 0n }, 0n, 'revoke')
}

function checkSpender(sender: EvmSender, spender: Address): void {
  const allow = evmAllowList(sender.chainId)
  const s = spender.toLowerCase()
  if (!allow || (s !== allow.dlnSource && s !== allow.forwarder)) {
    throw new VerificationError(
      'approve.spender',
      allow ? `${allow.dlnSource} or ${allow.forwarder}` : 'an allow-listed spender',
      spender,
      'is not an allow-listed spender',
    )
  }
}

/** An approval's gas estimate and its send's fee and nonce reads, started before they are due. */
type ReadsAhead = { gas: Promise<bigint>; prefetched: Promise<EvmSendPrefetch | undefined> }

function readsAhead(
  params: Pick<EnsureAllowanceParams, 'sender' | 'token' | 'spender'>,
  value: bigint,
): ReadsAhead {
  const { sender, token, spender } = params
  const { data } = approvalCall(token, spender, value)
  const gas = sender.rpc.read.estimateGas({ account: sender.address, to: token, data })
  // Seen where awaited, after the check: a check that fails first drops it unheard.
  gas.catch(() => {})
  return { gas, prefetched: sender.prefetch() }
}

async function approve(
  params: EnsureAllowanceParams,
  value: bigint,
  kind: 'approve' | 'revoke',
  ahead: ReadsAhead = readsAhead(params, value),
): Promise<Hex> {
  const { sender, token, spender } = params
  const { data } = approvalCall(token, spender, value)
  // estimateGas is also the approval's simulation: a token that would revert fails here.
  const gas = await ahead.gas
  const result = await sender.send({
    kind,
    to: token,
    data,
    value: 0n,
    gasLimit: (gas * 13n) / 10n,
    confirmations: params.confirmations ?? 1,
    prefetched: await ahead.prefetched,
    ...(params.intentId === undefined ? {} : { intentId: params.intentId }),
  })
  if (result.receipt.status !== 'success') {
    throw new FerryError(`approve(${value}) reverted`, {
      metaMessages: [`token: ${token}`, `spender: ${spender}`, `hash: ${result.hash}`],
    })
  }
  return result.hash
}
