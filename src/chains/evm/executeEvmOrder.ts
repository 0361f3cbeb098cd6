import type { Address, Hex, TransactionReceipt } from 'viem'
import type { ApiClient } from '../../api/createApiClient.ts'
import type { BuildableCreateTxParams } from '../../api/requests/buildCreateTxQuery.ts'
import type { OrderTxResponse } from '../../api/schemas/orderQuote.ts'
import { type Clock, systemClock } from '../../shared/clock.ts'
import { FerryError } from '../../shared/FerryError.ts'
import { type Logger, silentLogger } from '../../shared/Logger.ts'
import { toAddressBytes } from '../toAddressBytes.ts'
import { evmAllowList } from '../verify/evmAllowList.ts'
import type { OrderIntent } from '../verify/orderIntent.ts'
import { VerificationError } from '../verify/VerificationError.ts'
import { type VerifiedEvmOrder, verifyEvmOrderTx } from '../verify/verifyEvmOrderTx.ts'
import type { EvmSender, EvmSendProgress } from './createEvmSender.ts'
import { EvmSendError } from './EvmSendError.ts'
import {
  type AllowancePolicy,
  type EnsureAllowanceResult,
  ensureAllowance,
  revokeAllowance,
} from './ensureAllowance.ts'
import type { EvmPriorityLevel } from './evmFeePolicy.ts'
import { type ParsedCreatedOrder, parseCreatedOrder } from './parseCreatedOrder.ts'
import { readEvmOrderFacts } from './readEvmOrderFacts.ts'
import { StaleQuoteError } from './StaleQuoteError.ts'
import { explainRevert, simulateEvmTx } from './simulateEvmTx.ts'

/** Default age limit of a quote at signing time, in ms (issue 5 item 6). */
export const DEFAULT_MAX_QUOTE_AGE_MS = 30_000

/** create-tx parameters ferry adds to its intent (never taken from the service). */
export type OrderRequestExtras = Omit<
  Partial<BuildableCreateTxParams>,
  | 'srcChainId'
  | 'srcChainTokenIn'
  | 'srcChainTokenInAmount'
  | 'dstChainId'
  | 'dstChainTokenOut'
  | 'dstChainTokenOutRecipient'
  | 'senderAddress'
  | 'srcChainOrderAuthorityAddress'
  | 'dstChainOrderAuthorityAddress'
  | 'srcAllowedCancelBeneficiary'
  | 'enableEstimate'
>

/** Inputs of {@link executeEvmOrder}. Durations in ms. */
export type ExecuteEvmOrderParams = {
  intent: OrderIntent
  api: Pick<ApiClient, 'createOrderTx'>
  /** The serialized sender of (intent.srcChainId, intent.sender). */
  sender: EvmSender
  extras?: OrderRequestExtras
  /** Default `{ kind: 'exact' }` (P-1.10). */
  allowancePolicy?: AllowancePolicy
  /** A quote older than this at signing is never signed. Default 30 000. */
  maxQuoteAgeMs?: number
  /** Fresh quotes asked for after a stale one. Default 1. */
  maxRequotes?: number
  /** Confirmations before the order counts as created. Default: the sender's (chain's). */
  confirmations?: number
  /** Set a leftover allowance back to 0 when the order fails after ferry approved. Default true. */
  revokeOnFailure?: boolean
  intentId?: string
  clock?: Clock
  logger?: Logger
  onProgress?: (event: EvmOrderProgress) => void
}

/** Steps of the pipeline, for callers that show or test them. */
export type EvmOrderProgress =
  | { stage: 'facts'; fixedFeeWei: bigint; allowances: bigint[] }
  | { stage: 'approved'; allowance: EnsureAllowanceResult }
  | { stage: 'verified'; orderId: Hex; spender: string }
  | { stage: 'simulated' }
  | EvmSendProgress
  | { stage: 'created'; orderId: Hex; blockNumber: bigint }

/** A created order, counted only at the confirmation depth (P-2.5, P-2.14). */
export type ExecuteEvmOrderResult = {
  orderId: Hex
  hash: Hex
  nonce: number
  receipt: TransactionReceipt
  created: ParsedCreatedOrder
  verified: VerifiedEvmOrder
  quote: OrderTxResponse
  allowance: EnsureAllowanceResult | undefined
}

/**
 * Creates one DLN order on an EVM source chain, proving before the signature that the service's
 * transaction is the one the intent asked for (issue 5 item 4):
 * 1. one batched read: fixed fee, transfer fee, balance and the allowances to DlnSource and the
 *    forwarder (P-1.4, P-2.12);
 * 2. without a fitting allowance: a create-tx without enableEstimate is verified first, and only
 *    the spender derived from that verified target is approved, exactly (P-1.10, P-1.11); the
 *    service's word never picks a spender;
 * 3. create-tx with enableEstimate and senderAddress; verify every field, the value against the
 *    on-chain fee, and the orderId (P-1.1..P-1.4, P-7.x); a VerificationError ends the run with
 *    nothing signed;
 * 4. eth_call simulation (P-1.8); a quote older than `maxQuoteAgeMs` is re-quoted, never signed;
 * 5. the sender signs with the service's gas limit (bounded by the chain cap) and capped EIP-1559
 *    fees from `srcChainPriorityLevel`, journals, broadcasts once, follows and replaces;
 * 6. at the confirmation depth, CreatedOrder is parsed and its orderId checked (P-2.5).
 * A failure after an approval revokes the leftover allowance (P-1.12) unless the order
 * transaction may still land.
 */
export async function executeEvmOrder(
  params: ExecuteEvmOrderParams,
): Promise<ExecuteEvmOrderResult> {
  try {
    return await runEvmOrder(params)
  } catch (error) {
    logFailure(params.logger ?? silentLogger, params.sender.chainId, error)
    throw error
  }
}

async function runEvmOrder(params: ExecuteEvmOrderParams): Promise<ExecuteEvmOrderResult> {
  const { intent, api, sender } = params
  const clock = params.clock ?? systemClock
  const logger = params.logger ?? silentLogger
  const maxQuoteAgeMs = params.maxQuoteAgeMs ?? DEFAULT_MAX_QUOTE_AGE_MS
  const progress = params.onProgress ?? (() => {})
  if (intent.srcChainId !== sender.chainId) {
    throw new FerryError('the sender is not on the intent source chain', {
      metaMessages: [`intent: ${intent.srcChainId}`, `sender: ${sender.chainId}`],
    })
  }
  if (intent.sender.toLowerCase() !== sender.address.toLowerCase()) {
    throw new VerificationError('intent.sender', sender.address, intent.sender)
  }
  const allow = evmAllowList(intent.srcChainId)
  if (!allow) throw new VerificationError('chain', 'a chain with an allow-list', intent.srcChainId)
  const dlnSource = allow.dlnSource as Address
  const spenders = [dlnSource, allow.forwarder as Address]
  const isNative = /^0x0{40}$/.test(toAddressBytes(intent.tokenIn, intent.srcChainId))
  const token = isNative ? undefined : (intent.tokenIn as Address)
  const level: EvmPriorityLevel = params.extras?.srcChainPriorityLevel ?? 'normal'

  const facts = await readEvmOrderFacts(sender.rpc.read, {
    dlnSource,
    owner: sender.address,
    ...(token ? { token, spenders } : {}),
  })
  progress({ stage: 'facts', fixedFeeWei: facts.fixedFeeWei, allowances: facts.allowances })
  logger.debug(
    { chainId: sender.chainId, fixedFeeWei: facts.fixedFeeWei, allowances: facts.allowances },
    'chain facts read',
  )
  if (facts.tokenBalance !== undefined && facts.tokenBalance < intent.amountIn) {
    throw new FerryError('balance below the order input', {
      metaMessages: [
        `token: ${intent.tokenIn}`,
        `balance: ${facts.tokenBalance}`,
        `needed: ${intent.amountIn}`,
      ],
    })
  }
  const request: BuildableCreateTxParams = {
    ...params.extras,
    srcChainId: intent.srcChainId,
    srcChainTokenIn: intent.tokenIn,
    srcChainTokenInAmount: intent.amountIn,
    dstChainId: intent.dstChainId,
    dstChainTokenOut: intent.tokenOut,
    dstChainTokenOutRecipient: intent.receiver,
    senderAddress: sender.address,
    srcChainOrderAuthorityAddress: intent.srcAuthority,
    dstChainOrderAuthorityAddress: intent.dstAuthority,
    srcAllowedCancelBeneficiary: intent.cancelBeneficiary,
    ...(intent.referralCode ? { referralCode: intent.referralCode } : {}),
  }
  const verify = (quote: OrderTxResponse): VerifiedEvmOrder =>
    verifyEvmOrderTx({
      tx: {
        to: quote.tx.to ?? '',
        data: quote.tx.data as Hex,
        value: BigInt(quote.tx.value ?? '0'),
      },
      intent,
      onChain: { fixedFeeWei: facts.fixedFeeWei, transferFeeBps: facts.transferFeeBps },
      announcedOrderId: quote.orderId,
    })

  let approvedSpender: string | undefined
  let allowance: EnsureAllowanceResult | undefined
  if (token) {
    const fitting = spenders.filter((_, i) => (facts.allowances[i] ?? 0n) >= intent.amountIn)
    if (fitting.length === 0) {
      // The spender comes from a verified transaction, never from the service's word (P-1.10).
      const preflight = verify((await api.createOrderTx(request)).quote)
      const index = spenders.findIndex((s) => s.toLowerCase() === preflight.spender)
      allowance = await ensureAllowance({
        sender,
        token,
        spender: preflight.spender as Address,
        amount: preflight.amountIn,
        ...(params.allowancePolicy ? { policy: params.allowancePolicy } : {}),
        ...(index >= 0 ? { currentAllowance: facts.allowances[index]! } : {}),
        ...(params.intentId ? { intentId: params.intentId } : {}),
      })
      approvedSpender = preflight.spender
      progress({ stage: 'approved', allowance })
      logger.info(
        { chainId: sender.chainId, token, spender: approvedSpender, actions: allowance.actions },
        'allowance set',
      )
    }
  }

  let mayHaveLanded = false
  try {
    for (let requote = 0; ; requote++) {
      const answer = (await api.createOrderTx({ ...request, enableEstimate: true })).quote
      const quotedAtMs = clock.nowMs()
      const verified = verify(answer)
      if (approvedSpender !== undefined && verified.spender !== approvedSpender) {
        throw new VerificationError(
          'tx.to',
          approvedSpender,
          verified.spender,
          'is not the spender ferry approved',
        )
      }
      progress({ stage: 'verified', orderId: verified.orderId, spender: verified.spender })
      logger.debug({ chainId: sender.chainId, orderId: verified.orderId }, 'order tx verified')
      const tx = {
        to: answer.tx.to as Address,
        data: answer.tx.data as Hex,
        value: verified.valueWei,
        gasLimit: BigInt(answer.tx.gasLimit ?? 0),
      }
      if (tx.gasLimit === 0n) {
        throw new VerificationError('tx.gasLimit', 'a gas limit (enableEstimate)', 'none')
      }
      if (tx.gasLimit > sender.gasLimitCap) {
        throw new VerificationError(
          'tx.gasLimit',
          `<= ${sender.gasLimitCap}`,
          tx.gasLimit,
          'is above the chain cap',
        )
      }
      await simulateEvmTx(sender, tx)
      progress({ stage: 'simulated' })
      try {
        mayHaveLanded = true
        const sent = await sender.send({
          kind: 'order',
          ...tx,
          priorityLevel: level,
          orderId: verified.orderId,
          quotedAtMs,
          signByMs: quotedAtMs + maxQuoteAgeMs,
          ...(params.confirmations === undefined ? {} : { confirmations: params.confirmations }),
          ...(params.intentId ? { intentId: params.intentId } : {}),
          onProgress: progress,
        })
        if (sent.receipt.status !== 'success') {
          mayHaveLanded = false
          throw await explainRevert(sender, tx, sent.receipt.blockNumber)
        }
        const created = parseCreatedOrder(sent.receipt, dlnSource, verified.orderId)
        progress({
          stage: 'created',
          orderId: created.orderId,
          blockNumber: sent.receipt.blockNumber,
        })
        logger.info(
          { chainId: sender.chainId, orderId: created.orderId, hash: sent.hash },
          'order created',
        )
        return {
          orderId: created.orderId,
          hash: sent.hash,
          nonce: sent.nonce,
          receipt: sent.receipt,
          created,
          verified,
          quote: answer,
          allowance,
        }
      } catch (error) {
        if (error instanceof StaleQuoteError) {
          mayHaveLanded = false
          if (requote < (params.maxRequotes ?? 1)) {
            logger.warn(
              { chainId: sender.chainId, ageMs: error.ageMs },
              'quote went stale; re-quoting',
            )
            continue
          }
        }
        if (error instanceof EvmSendError && error.state !== 'unknown') mayHaveLanded = false
        throw error
      }
    }
  } catch (error) {
    if (approvedSpender && token && !mayHaveLanded && (params.revokeOnFailure ?? true)) {
      await revokeAllowance({ sender, token, spender: approvedSpender as Address }).catch((e) =>
        logger.error(
          { chainId: sender.chainId, token, error: e },
          'could not revoke the leftover allowance',
        ),
      )
    }
    throw error
  }
}

/** Refusals are security events (warn, with the field); other failures are errors. */
function logFailure(logger: Logger, chainId: number, error: unknown): void {
  if (error instanceof VerificationError) {
    logger.warn(
      { chainId, field: error.field, expected: error.expected, actual: error.actual },
      'refused to sign: verification failed',
    )
  } else {
    logger.error({ chainId, error }, 'order failed')
  }
}
