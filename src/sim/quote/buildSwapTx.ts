import { concatHex, encodeAbiParameters, encodeFunctionData, type Hex, zeroAddress } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import type { SwapQuote } from '../../api/schemas/swapQuote.ts'
import { crosschainForwarderAbi } from '../../chains/abi/crosschainForwarderAbi.ts'
import { EVM_CONTRACTS } from '../../chains/chainRegistry.ts'
import { toAddressBytes } from '../../chains/toAddressBytes.ts'
import type { MarketToken } from '../market/marketToken.ts'
import {
  COMPUTE_BUDGET_PROGRAM_ID,
  computeBudgetInstructions,
} from './computeBudgetInstructions.ts'
import type { QuoteConfig } from './quoteConfig.ts'
import { serializeUnsignedSolanaTx } from './serializeUnsignedSolanaTx.ts'
import { simSwapRouterAbi } from './simSwapRouterAbi.ts'

/** Inputs of a single-chain swap transaction. Amounts are base units. */
export type SwapTxBuildParams = {
  tokenIn: MarketToken
  amountIn: bigint
  tokenOut: MarketToken
  minAmountOut: bigint
  recipient: string
  /** The Solana fee payer and signer (senderAddress, else the recipient). */
  sender: string
  config: QuoteConfig
}

/**
 * tx of a single-chain swap (docs/service.md §2.9). EVM: the router's `swap(...)` sent to the
 * canonical router address (EVM_CONTRACTS.forwarder, docs/dln.md §6): the swap leg is
 * `config.swapRouterAddress` with simSwapRouterAbi calldata paying the router, the minimum is
 * `minAmountOut`, the whole surplus goes to the recipient (surplusShareBps 10000), no affiliate
 * fee; value = amountIn for native input, else 0. Solana: an
 * unsigned v0 transaction calling `config.solanaSwapProgramId` with the sender as signer and data
 * `0x01 ‖ abi.encode(bytes tokenIn, uint256 amountIn, bytes tokenOut, uint256 minAmountOut,
 * bytes recipient)` (32-byte keys), after the two compute-budget instructions.
 */
export function buildSwapTx(p: SwapTxBuildParams): SwapQuote['tx'] {
  const chainId = p.tokenIn.chainId
  const bytes = (a: string): Hex => toAddressBytes(a, chainId)
  if (chainId !== SOLANA_CHAIN_ID) {
    const routerCall = encodeFunctionData({
      abi: simSwapRouterAbi,
      functionName: 'swap',
      args: [
        bytes(p.tokenIn.address),
        p.amountIn,
        bytes(p.tokenOut.address),
        p.minAmountOut,
        EVM_CONTRACTS.forwarder,
      ],
    })
    const data = encodeFunctionData({
      abi: crosschainForwarderAbi,
      functionName: 'swap',
      args: [
        bytes(p.tokenIn.address),
        p.amountIn,
        '0x',
        {
          allowanceAggregator: zeroAddress,
          swapRouter: p.config.swapRouterAddress,
          swapCalldata: routerCall,
          tokenOut: bytes(p.tokenOut.address),
          tokenOutMinAmount: p.minAmountOut,
          // All of the surplus above the minimum goes to the recipient.
          surplusShareBps: 10_000,
          affiliateFeeEnvelope: '0x',
          recipient: bytes(p.recipient),
        },
        0,
      ],
    })
    const value = p.tokenIn.isNative ? p.amountIn : 0n
    return { to: EVM_CONTRACTS.forwarder, data, value: value.toString() }
  }
  const payload = concatHex([
    '0x01',
    encodeAbiParameters(
      [
        { type: 'bytes' },
        { type: 'uint256' },
        { type: 'bytes' },
        { type: 'uint256' },
        { type: 'bytes' },
      ],
      [
        bytes(p.tokenIn.address),
        p.amountIn,
        bytes(p.tokenOut.address),
        p.minAmountOut,
        bytes(p.recipient),
      ],
    ),
  ])
  const data = serializeUnsignedSolanaTx({
    accountKeys: [p.sender, p.config.solanaSwapProgramId, COMPUTE_BUDGET_PROGRAM_ID],
    numRequiredSignatures: 1,
    numReadonlySigned: 0,
    numReadonlyUnsigned: 2,
    recentBlockhash: '11111111111111111111111111111111',
    instructions: [
      ...computeBudgetInstructions(
        2,
        p.config.solanaComputeUnitLimit,
        p.config.solanaComputeUnitPriceMicroLamports,
      ),
      { programIndex: 1, accountIndices: [0], data: payload },
    ],
  })
  return { data }
}
