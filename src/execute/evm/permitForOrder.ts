import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from 'viem'
import type { EvmSender } from '../../chains/evm/createEvmSender.ts'
import type { OrderPermit } from '../../chains/evm/permitEnvelope.ts'
import { readPermitSupport } from '../../chains/evm/readPermitSupport.ts'
import type { Clock } from '../../common/clock.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import type { EvmCallToSimulate, EvmValueFlow } from '../../verify/evmValueFlow.ts'
import { checkPermitPlan, MAX_PERMIT_TTL_S } from '../../verify/orderPermit.ts'
import type { VerifiedEvmOrder } from '../../verify/verifyEvmOrderTx.ts'

/** How an order's ERC-20 input is authorised: `chains.<id>.approvals` (docs/safety.md §10). */
export type ApprovalsMode = 'permit' | 'approve'

/** A permit ferry signed for one order: the plan and deBridge's envelope of it. */
export type SignedOrderPermit = { permit: OrderPermit; envelope: Hex }

const readAbi = parseAbi([
  'function allowance(address,address) view returns (uint256)',
  'function nonces(address) view returns (uint256)',
])

/**
 * Signs an EIP-2612 permit for exactly the verified preflight's input, to its verified spender
 * (DlnSource or the forwarder), valid {@link MAX_PERMIT_TTL_S} seconds at most, when the token
 * takes permits (read on chain); journaled before the signature (docs/safety.md §10). Undefined
 * when the token does not: the caller approves instead.
 */
export async function permitForOrder(params: {
  sender: EvmSender
  token: Address
  preflight: VerifiedEvmOrder
  clock: Clock
  intentId: string | undefined
}): Promise<SignedOrderPermit | undefined> {
  const { sender, token, preflight } = params
  const support = await readPermitSupport(sender.rpc.read, {
    token,
    owner: sender.address,
    chainId: sender.nativeChainId,
  })
  if (!support) return undefined
  const nowS = BigInt(Math.floor(params.clock.nowMs() / 1000))
  const permit: OrderPermit = {
    token,
    domain: support.domain,
    owner: sender.address,
    spender: preflight.spender as Address,
    value: preflight.amountIn,
    nonce: support.nonce,
    deadline: nowS + BigInt(MAX_PERMIT_TTL_S),
  }
  checkPermitPlan(permit, { spender: preflight.spender, amountIn: preflight.amountIn, nowS })
  return { permit, envelope: await sender.signPermit(permit, params.intentId) }
}

/**
 * The reads simulated right after the order, in the same block: the allowance the order leaves
 * to its spender and the owner's permit nonce. {@link checkPermitConsumed} judges their answers.
 */
export function permitProbeCalls(signed: SignedOrderPermit | undefined): EvmCallToSimulate[] {
  if (!signed) return []
  const { permit } = signed
  return [
    {
      to: permit.token,
      data: encodeFunctionData({
        abi: readAbi,
        functionName: 'allowance',
        args: [permit.owner, permit.spender],
      }),
      value: 0n,
    },
    {
      to: permit.token,
      data: encodeFunctionData({ abi: readAbi, functionName: 'nonces', args: [permit.owner] }),
      value: 0n,
    },
  ]
}

/**
 * The verified, simulated order must consume ferry's permit (docs/safety.md §10): it gives
 * exactly the permitted amount, and after it the owner's permit nonce is one past the signed one
 * and no allowance to the spender remains. Pure over the simulated flow whose last two calls are
 * {@link permitProbeCalls}.
 * @throws VerificationError naming what the transaction left behind.
 */
export function checkPermitConsumed(
  signed: SignedOrderPermit,
  verified: Pick<VerifiedEvmOrder, 'amountIn'>,
  flow: EvmValueFlow | undefined,
): void {
  const { permit } = signed
  if (verified.amountIn !== permit.value) {
    throw new VerificationError(
      'tx.data.giveAmount',
      permit.value,
      verified.amountIn,
      'is not the permitted amount',
    )
  }
  if (!flow) throw new VerificationError('permit', 'a simulated order', 'no simulation')
  const [allowanceCall, nonceCall] = flow.calls.slice(-2)
  const read = (call: typeof allowanceCall, name: 'allowance' | 'nonces'): bigint | undefined =>
    call?.status === 'success'
      ? (decodeFunctionResult({
          abi: readAbi,
          functionName: name,
          data: call.returnData,
        }) as bigint)
      : undefined
  const nonceAfter = read(nonceCall, 'nonces')
  if (nonceAfter !== permit.nonce + 1n) {
    throw new VerificationError(
      'permit',
      `nonce ${permit.nonce + 1n} after the order`,
      nonceAfter === undefined ? 'unread' : `nonce ${nonceAfter}`,
      'the transaction does not consume the signed permit',
    )
  }
  const left = read(allowanceCall, 'allowance')
  if (left !== 0n) {
    throw new VerificationError(
      'permit',
      'no allowance after the order',
      left === undefined ? 'unread' : `${left} left to ${permit.spender}`,
      'an allowance would stand',
    )
  }
}
