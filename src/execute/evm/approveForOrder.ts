import type { Address, Hex } from 'viem'
import type { OrderTxResponse } from '../../api/schemas/orderQuote.ts'
import type { EvmSender } from '../../chains/evm/createEvmSender.ts'
import type { Logger } from '../../common/Logger.ts'
import { checkEvmValueFlow, type EvmSimulationMode } from '../../verify/checkEvmValueFlow.ts'
import type { OrderFlowExpectation } from '../../verify/orderFlowExpectation.ts'
import { SimulationUnsupportedError } from '../../verify/SimulationUnsupportedError.ts'
import type { VerifiedEvmOrder } from '../../verify/verifyEvmOrderTx.ts'
import {
  type AllowancePolicy,
  type EnsureAllowanceResult,
  ensureAllowance,
} from './ensureAllowance.ts'

/** Inputs of {@link approveForOrder}. */
export type ApproveForOrderParams = {
  sender: EvmSender
  token: Address
  /** The verified preflight order (create-tx without enableEstimate) and its quote. */
  preflight: VerifiedEvmOrder
  quote: OrderTxResponse
  currentAllowance: bigint | undefined
  policy: AllowancePolicy | undefined
  /** The order's expectation for a given planned approval of the preflight's spender. */
  expect: (approval: { spender: Address; amount: bigint }) => Promise<OrderFlowExpectation>
  simulation: EvmSimulationMode | undefined
  intentId: string | undefined
  logger: Logger
}

/**
 * Approves the spender derived from the verified preflight order (never the service's word,
 * P-1.10), after simulating the approval(s) and the preflight order as ONE sequence and judging
 * the whole (P-8.1): nothing is signed unless the approval and the order it serves move only
 * what the plan says. An RPC without eth_simulateV1 cannot run the sequence: the approvals are
 * then judged alone, and the order is judged on its own once the approval mined.
 */
export async function approveForOrder(
  params: ApproveForOrderParams,
): Promise<EnsureAllowanceResult> {
  const { sender, token, preflight, quote, logger } = params
  const spender = preflight.spender as Address
  const mode = params.simulation ? { simulation: params.simulation } : {}
  return ensureAllowance({
    sender,
    token,
    spender,
    amount: preflight.amountIn,
    ...(params.policy ? { policy: params.policy } : {}),
    ...(params.currentAllowance === undefined ? {} : { currentAllowance: params.currentAllowance }),
    ...(params.intentId ? { intentId: params.intentId } : {}),
    ...mode,
    logger,
    checkFlow: async (approvals, planned) => {
      const order = {
        to: quote.tx.to as Address,
        data: quote.tx.data as Hex,
        value: preflight.valueWei,
      }
      const expected = await params.expect({ spender, amount: planned })
      try {
        await checkEvmValueFlow(sender, { calls: [...approvals, order], expected, ...mode, logger })
      } catch (error) {
        if (!(error instanceof SimulationUnsupportedError) || error.reason !== 'sequence')
          throw error
        logger.warn(
          { chainId: sender.chainId },
          'no eth_simulateV1: judging the approval alone; the order is judged after it mined',
        )
        await checkEvmValueFlow(sender, {
          calls: approvals,
          expected: {
            kind: 'approval',
            nativeFeeWei: 0n,
            approval: { token, spender, amount: planned },
          },
          ...mode,
          logger,
        })
      }
    },
  })
}
