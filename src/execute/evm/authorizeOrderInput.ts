import type { Address } from 'viem'
import type { BuildableCreateTxParams } from '../../api/requests/buildCreateTxQuery.ts'
import type { OrderTxResponse } from '../../api/schemas/orderQuote.ts'
import type { Clock } from '../../common/clock.ts'
import type { Logger } from '../../common/Logger.ts'
import type { OrderFlowExpectation } from '../../verify/orderFlowExpectation.ts'
import type { VerifiedEvmOrder } from '../../verify/verifyEvmOrderTx.ts'
import { approveForOrder } from './approveForOrder.ts'
import type { EnsureAllowanceResult } from './ensureAllowance.ts'
import type { EvmOrderProgress, ExecuteEvmOrderParams } from './executeEvmOrderTypes.ts'
import { permitForOrder, type SignedOrderPermit } from './permitForOrder.ts'

/** How an order's ERC-20 input was authorised: the verified spender, by permit or allowance. */
export type OrderInputAuthorization = {
  spender: string
  permit?: SignedOrderPermit
  allowance?: EnsureAllowanceResult
}

/**
 * Authorises an order's ERC-20 input when no standing allowance fits (undefined when one does):
 * a create-tx without enableEstimate is verified first, and only the spender derived from that
 * verified target (never the service's word, P-1.10) gets a permit for exactly the input, where
 * `approvals: permit`, the simulation is on and the token takes EIP-2612 permits (docs/safety.md
 * §10); else an exact approval (P-1.11), simulated with the preflight order as one sequence.
 */
export async function authorizeOrderInput(p: {
  params: ExecuteEvmOrderParams
  token: Address
  spenders: Address[]
  allowances: bigint[]
  request: BuildableCreateTxParams
  verify: (quote: OrderTxResponse) => VerifiedEvmOrder
  expect: (
    verified: VerifiedEvmOrder,
    approval: { spender: Address; amount: bigint } | undefined,
  ) => Promise<OrderFlowExpectation>
  clock: Clock
  logger: Logger
  progress: (event: EvmOrderProgress) => void | Promise<void>
}): Promise<OrderInputAuthorization | undefined> {
  const { params, token, spenders, logger } = p
  const { sender, intent } = params
  if (spenders.some((_, i) => (p.allowances[i] ?? 0n) >= intent.amountIn)) return undefined
  const preflightQuote = (await params.api.createOrderTx(p.request)).quote
  const preflight = p.verify(preflightQuote)
  const spender = preflight.spender
  // A permit needs the simulation: only it proves the order consumes the permit. A Safe account
  // approves: EIP-2612 recovers the owner's own key, and the Safe's key is not the Safe's.
  const permit =
    params.approvals === 'permit' && params.simulation !== 'off' && sender.safe === undefined
      ? await permitForOrder({
          sender,
          token,
          preflight,
          clock: p.clock,
          intentId: params.intentId,
        })
      : undefined
  if (permit) {
    logger.info({ chainId: sender.chainId, token, spender }, 'permit signed')
    return { spender, permit }
  }
  const index = spenders.findIndex((s) => s.toLowerCase() === spender)
  const allowance = await approveForOrder({
    sender,
    token,
    preflight,
    quote: preflightQuote,
    currentAllowance: index >= 0 ? p.allowances[index] : undefined,
    policy: params.allowancePolicy,
    expect: (approval) => p.expect(preflight, approval),
    simulation: params.simulation,
    intentId: params.intentId,
    logger,
  })
  await p.progress({ stage: 'approved', allowance })
  logger.info(
    { chainId: sender.chainId, token, spender, actions: allowance.actions },
    'allowance set',
  )
  return { spender, allowance }
}
