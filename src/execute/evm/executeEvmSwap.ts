import type { Address, Hex, TransactionReceipt } from 'viem'
import type { ApiClient } from '../../api/createApiClient.ts'
import type { SwapTxParams } from '../../api/requests/buildSwapTxQuery.ts'
import type { SwapQuote } from '../../api/schemas/swapQuote.ts'
import type { EvmSender } from '../../chains/evm/createEvmSender.ts'
import type { EvmSendProgress } from '../../chains/evm/EvmSendProgress.ts'
import type { EvmPriorityLevel } from '../../chains/evm/evmFeePolicy.ts'
import { readEvmOrderFacts } from '../../chains/evm/readEvmOrderFacts.ts'
import { StaleQuoteError } from '../../chains/evm/StaleQuoteError.ts'
import { explainRevert, simulateEvmTx } from '../../chains/evm/simulateEvmTx.ts'
import { evmAllowList } from '../../chains/evmAllowList.ts'
import { toAddressBytes } from '../../chains/toAddressBytes.ts'
import { type Clock, systemClock } from '../../common/clock.ts'
import { FerryError } from '../../common/FerryError.ts'
import { type Logger, silentLogger } from '../../common/Logger.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import type { EvmSimulationMode } from '../../verify/checkEvmValueFlow.ts'
import { checkSwapValueFlow } from '../../verify/checkSwapValueFlow.ts'
import { EVM_NATIVE } from '../../verify/evmValueFlowExpectation.ts'
import type { TrustedPriceSource } from '../../verify/prices/tokenUsdPrice.ts'
import {
  type SwapIntent,
  type VerifiedEvmSwap,
  verifyEvmSwapTx,
} from '../../verify/verifyEvmSwapTx.ts'
import {
  type AllowancePolicy,
  type EnsureAllowanceResult,
  ensureAllowance,
} from './ensureAllowance.ts'
import { DEFAULT_MAX_QUOTE_AGE_MS } from './executeEvmOrderTypes.ts'

/** Inputs of {@link executeEvmSwap}. Durations in ms. */
export type ExecuteEvmSwapParams = {
  intent: SwapIntent
  api: Pick<ApiClient, 'getSwapTransaction'>
  sender: EvmSender
  /** Request fields ferry adds (slippage, referral, priority). */
  extras?: Pick<SwapTxParams, 'slippage' | 'referralCode' | 'srcChainPriorityLevel'>
  /** Default `{ kind: 'exact' }`. */
  allowancePolicy?: AllowancePolicy
  /** Default 30 000. */
  maxQuoteAgeMs?: number
  /** Default 1. */
  maxRequotes?: number
  /** Default: the sender's. */
  confirmations?: number
  intentId?: string
  /** Trusted prices the value-flow judge weighs the swap with (P-8.5, P-8.6). */
  prices: TrustedPriceSource
  /** The route's all-in cost cap, in bps of the value leaving the wallet (P-8.6). */
  maxCostBps: number
  /** `chains.<id>.verify.simulation`. Default 'on' (P-8.10). */
  simulation?: EvmSimulationMode
  clock?: Clock
  logger?: Logger
  onProgress?: (event: EvmSendProgress) => void | Promise<void>
}

/** A swap mined at the confirmation depth. */
export type ExecuteEvmSwapResult = {
  hash: Hex
  nonce: number
  receipt: TransactionReceipt
  verified: VerifiedEvmSwap
  quote: SwapQuote
  allowance: EnsureAllowanceResult | undefined
}

/**
 * Runs one single-chain swap through the same pipeline as orders (safety P-1.15): batched reads,
 * an approval only to the router derived from a verified transaction, verification of the
 * service's swap tx ({@link verifyEvmSwapTx}), eth_estimateGas as simulation and gas limit
 * (×1.3, bounded by the chain cap) unless the service gave one, a freshness check before signing,
 * then the serialized sender.
 */
export async function executeEvmSwap(params: ExecuteEvmSwapParams): Promise<ExecuteEvmSwapResult> {
  const { intent, api, sender } = params
  const clock = params.clock ?? systemClock
  const logger = params.logger ?? silentLogger
  const maxQuoteAgeMs = params.maxQuoteAgeMs ?? DEFAULT_MAX_QUOTE_AGE_MS
  const allow = evmAllowList(intent.chainId)
  if (!allow || intent.chainId !== sender.chainId) {
    throw new VerificationError('chain', sender.chainId, intent.chainId)
  }
  if (intent.sender.toLowerCase() !== sender.address.toLowerCase()) {
    throw new VerificationError('intent.sender', sender.address, intent.sender)
  }
  const router = allow.forwarder as Address
  const isNative = /^0x0{40}$/.test(toAddressBytes(intent.tokenIn, intent.chainId))
  const token = isNative ? undefined : (intent.tokenIn as Address)
  const level: EvmPriorityLevel = params.extras?.srcChainPriorityLevel ?? 'normal'
  const facts = await readEvmOrderFacts(sender.rpc.read, {
    dlnSource: allow.dlnSource as Address,
    owner: sender.address,
    ...(token ? { token, spenders: [router] } : {}),
  })
  if (facts.tokenBalance !== undefined && facts.tokenBalance < intent.amountIn) {
    throw new FerryError('balance below the swap input', {
      metaMessages: [`balance: ${facts.tokenBalance}`, `needed: ${intent.amountIn}`],
    })
  }
  const request: SwapTxParams = {
    ...params.extras,
    chainId: intent.chainId,
    tokenIn: intent.tokenIn,
    tokenInAmount: intent.amountIn,
    tokenOut: intent.tokenOut,
    tokenOutRecipient: intent.recipient,
    senderAddress: sender.address,
  }
  const verify = (quote: SwapQuote): VerifiedEvmSwap =>
    verifyEvmSwapTx({
      tx: {
        to: quote.tx.to ?? '',
        data: quote.tx.data as Hex,
        value: BigInt(quote.tx.value ?? '0'),
      },
      intent,
    })
  const pricesOf = () =>
    params.prices.snapshot([
      { chainId: intent.chainId, token: intent.tokenIn },
      { chainId: intent.chainId, token: intent.tokenOut },
      { chainId: intent.chainId, token: EVM_NATIVE },
    ])
  const flow = {
    intent,
    maxCostBps: params.maxCostBps,
    ...(params.simulation ? { simulation: params.simulation } : {}),
    logger,
  }
  let allowance: EnsureAllowanceResult | undefined
  if (token && (facts.allowances[0] ?? 0n) < intent.amountIn) {
    const [quote, prices] = await Promise.all([api.getSwapTransaction(request), pricesOf()])
    const preflight = verify(quote)
    const spender = preflight.spender as Address
    const swapCall = { to: router, data: quote.tx.data as Hex, value: preflight.valueWei }
    allowance = await ensureAllowance({
      ...(params.simulation ? { simulation: params.simulation } : {}),
      logger,
      sender,
      token,
      spender,
      amount: preflight.amountIn,
      currentAllowance: facts.allowances[0] ?? 0n,
      ...(params.allowancePolicy ? { policy: params.allowancePolicy } : {}),
      ...(params.intentId ? { intentId: params.intentId } : {}),
      // The approval is signed only once it and the swap it serves pass as one sequence.
      checkFlow: async (approvals, planned) => {
        await checkSwapValueFlow(sender, {
          ...flow,
          calls: [...approvals, swapCall],
          approval: { token, spender, amount: planned },
          prices,
        })
      },
    })
  }
  for (let requote = 0; ; requote++) {
    const [quote, prices] = await Promise.all([api.getSwapTransaction(request), pricesOf()])
    const quotedAtMs = clock.nowMs()
    const verified = verify(quote)
    const base = { to: router, data: quote.tx.data as Hex, value: verified.valueWei }
    const flowCheck = (gas?: bigint) =>
      checkSwapValueFlow(sender, {
        ...flow,
        calls: [{ ...base, ...(gas === undefined ? {} : { gas }) }],
        prices,
      })
    let gasLimit: bigint
    if (quote.tx.gasLimit !== undefined) {
      gasLimit = BigInt(quote.tx.gasLimit)
      await flowCheck(gasLimit)
    } else {
      try {
        const estimate = await sender.rpc.read.estimateGas({ account: sender.address, ...base })
        gasLimit = (estimate * 13n) / 10n
      } catch (error) {
        await simulateEvmTx(sender, { ...base, gasLimit: sender.gasLimitCap })
        throw error
      }
      await flowCheck(gasLimit)
    }
    if (gasLimit > sender.gasLimitCap) {
      throw new VerificationError('tx.gasLimit', `<= ${sender.gasLimitCap}`, gasLimit)
    }
    try {
      const sent = await sender.send({
        kind: 'swap',
        ...base,
        gasLimit,
        priorityLevel: level,
        quotedAtMs,
        signByMs: quotedAtMs + maxQuoteAgeMs,
        ...(params.confirmations === undefined ? {} : { confirmations: params.confirmations }),
        ...(params.intentId ? { intentId: params.intentId } : {}),
        ...(params.onProgress ? { onProgress: params.onProgress } : {}),
      })
      if (sent.receipt.status !== 'success') {
        throw await explainRevert(sender, { ...base, gasLimit }, sent.receipt.blockNumber)
      }
      logger.info({ chainId: sender.chainId, hash: sent.hash }, 'swap mined')
      return {
        hash: sent.hash,
        nonce: sent.nonce,
        receipt: sent.receipt,
        verified,
        quote,
        allowance,
      }
    } catch (error) {
      if (error instanceof StaleQuoteError && requote < (params.maxRequotes ?? 1)) continue
      throw error
    }
  }
}
