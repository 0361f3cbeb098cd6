import type { Address } from 'viem'
import type { EvmSender } from '../chains/evm/createEvmSender.ts'
import type { Logger } from '../common/Logger.ts'
import { checkEvmValueFlow, type EvmSimulationMode } from './checkEvmValueFlow.ts'
import type { EvmCallToSimulate, EvmValueFlow } from './evmValueFlow.ts'
import { EVM_NATIVE } from './evmValueFlowExpectation.ts'
import type { PriceSnapshot } from './prices/tokenUsdPrice.ts'
import { SimulationUnsupportedError } from './SimulationUnsupportedError.ts'
import type { SwapIntent } from './verifyEvmSwapTx.ts'

/** Inputs of {@link checkSwapValueFlow}. */
export type CheckSwapValueFlowParams = {
  intent: SwapIntent
  /** The swap call, preceded by the approval(s) still to be signed, if any. */
  calls: EvmCallToSimulate[]
  /** The planned approval the calls make; only with approval calls. */
  approval?: { token: Address; spender: Address; amount: bigint }
  prices: PriceSnapshot
  /** The route's all-in cost cap, in bps of the value leaving (P-8.6). */
  maxCostBps: number
  simulation?: EvmSimulationMode
  logger: Logger
}

/**
 * Simulates a single-chain swap (with the approval it still needs, as one sequence) and judges
 * it before anything is signed (docs/safety.md P-8.1, P-8.5, P-8.6): only the input leaves the
 * wallet, the output lands at the intent's recipient and is at least ferry's own minimum, and it
 * is worth the input within maxCostBps at trusted prices. An RPC without eth_simulateV1 cannot
 * run the sequence: the approvals are then judged alone and the swap after they mined.
 */
export async function checkSwapValueFlow(
  sender: EvmSender,
  params: CheckSwapValueFlowParams,
): Promise<EvmValueFlow | undefined> {
  const { intent, approval, logger } = params
  const mode = params.simulation ? { simulation: params.simulation } : {}
  const tokenIn = /^0x0{40}$/i.test(intent.tokenIn) ? EVM_NATIVE : (intent.tokenIn as Address)
  try {
    return await checkEvmValueFlow(sender, {
      calls: params.calls,
      expected: {
        kind: 'swap',
        outflow: { token: tokenIn, amount: intent.amountIn },
        nativeFeeWei: 0n,
        ...(approval ? { approval } : {}),
        swap: {
          tokenOut: intent.tokenOut as Address,
          recipient: intent.recipient as Address,
          minAmountOut: intent.minAmountOut,
        },
        maxCostBps: params.maxCostBps,
        prices: params.prices,
      },
      ...mode,
      logger,
    })
  } catch (error) {
    const sequence = error instanceof SimulationUnsupportedError && error.reason === 'sequence'
    if (!sequence || !approval) throw error
    logger.warn(
      { chainId: sender.chainId },
      'no eth_simulateV1: judging the approval alone; the swap is judged after it mined',
    )
    return checkEvmValueFlow(sender, {
      calls: params.calls.slice(0, -1),
      expected: { kind: 'approval', nativeFeeWei: 0n, approval },
      ...mode,
      logger,
    })
  }
}
