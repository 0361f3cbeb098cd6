import { encodeFunctionData, type Hex } from 'viem'
import { crosschainForwarderAbi } from '../../chains/abi/crosschainForwarderAbi.ts'
import { dlnSourceAbi } from '../../chains/abi/dlnSourceAbi.ts'
import { EVM_CONTRACTS } from '../../chains/chainRegistry.ts'
import type { DlnOrderCreation } from '../../chains/orderId/dlnOrder.ts'
import { simSwapRouterAbi } from './simSwapRouterAbi.ts'

/** The pre-swap the forwarder performs before creating the order. Addresses are 20-byte hex. */
export type ForwarderPreSwap = {
  tokenIn: Hex
  amountIn: bigint
  tokenOut: Hex
  /** Conservative swap output: the order's creation give amount. */
  expectedAmountOut: bigint
  refundRecipient: Hex
  router: Hex
}

/** Inputs of an EVM order transaction. */
export type EvmOrderTxParams = {
  creation: DlnOrderCreation
  salt: bigint
  /** 52 bytes (20-byte beneficiary ‖ 32-byte amount) or `0x` (docs/dln.md §1.5). */
  affiliateFee: Hex
  referralCode: number
  permitEnvelope: Hex
  metadata: Hex
  /** Set for non-reserve input: the call then goes through the forwarder. */
  preSwap?: ForwarderPreSwap | undefined
  /** msg.value: the flat fee, plus the input amount for native input (docs/dln.md §1.4). */
  value: bigint
}

/** An EVM transaction as create-tx returns it, before stringification. */
export type EvmOrderTx = { to: Hex; data: Hex; value: bigint }

/**
 * The source transaction of an EVM order (docs/dln.md §1.4): `createSaltedOrder` sent to the
 * canonical DlnSource for reserve input; for other input, `strictlySwapAndCall` sent to the
 * canonical forwarder, which swaps through `preSwap.router` (calldata of simSwapRouterAbi, with
 * the forwarder as recipient) and then calls DlnSource with the same createSaltedOrder calldata.
 */
export function buildEvmOrderTx(p: EvmOrderTxParams): EvmOrderTx {
  const createCall = encodeFunctionData({
    abi: dlnSourceAbi,
    functionName: 'createSaltedOrder',
    args: [
      p.creation,
      p.salt,
      p.affiliateFee,
      p.referralCode,
      // With a pre-swap the permit is spent by the forwarder, not by DlnSource.
      p.preSwap ? '0x' : p.permitEnvelope,
      p.metadata,
    ],
  })
  if (!p.preSwap) return { to: EVM_CONTRACTS.dlnSource, data: createCall, value: p.value }
  const s = p.preSwap
  const swapCall = encodeFunctionData({
    abi: simSwapRouterAbi,
    functionName: 'swap',
    args: [s.tokenIn, s.amountIn, s.tokenOut, s.expectedAmountOut, EVM_CONTRACTS.forwarder],
  })
  const data = encodeFunctionData({
    abi: crosschainForwarderAbi,
    functionName: 'strictlySwapAndCall',
    args: [
      s.tokenIn,
      s.amountIn,
      p.permitEnvelope,
      s.router,
      swapCall,
      s.tokenOut,
      s.expectedAmountOut,
      s.refundRecipient,
      EVM_CONTRACTS.dlnSource,
      createCall,
    ],
  })
  return { to: EVM_CONTRACTS.forwarder, data, value: p.value }
}
