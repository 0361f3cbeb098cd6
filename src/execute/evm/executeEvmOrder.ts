import type { Address, Hex } from 'viem'
import type { BuildableCreateTxParams } from '../../api/requests/buildCreateTxQuery.ts'
import type { OrderTxResponse } from '../../api/schemas/orderQuote.ts'
import { EvmSendError } from '../../chains/evm/EvmSendError.ts'
import type { EvmPriorityLevel } from '../../chains/evm/evmFeePolicy.ts'
import { parseCreatedOrder } from '../../chains/evm/parseCreatedOrder.ts'
import { readEvmOrderFacts } from '../../chains/evm/readEvmOrderFacts.ts'
import { StaleQuoteError } from '../../chains/evm/StaleQuoteError.ts'
import { explainRevert } from '../../chains/evm/simulateEvmTx.ts'
import { evmAllowList } from '../../chains/evmAllowList.ts'
import { toAddressBytes } from '../../chains/toAddressBytes.ts'
import { systemClock } from '../../common/clock.ts'
import { FerryError } from '../../common/FerryError.ts'
import { silentLogger } from '../../common/Logger.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import { checkEvmValueFlow } from '../../verify/checkEvmValueFlow.ts'
import { orderFlowExpectation, orderPrices } from '../../verify/orderFlowExpectation.ts'
import { type VerifiedEvmOrder, verifyEvmOrderTx } from '../../verify/verifyEvmOrderTx.ts'
import { authorizeOrderInput } from './authorizeOrderInput.ts'
import { boundedOrderTx } from './boundedOrderTx.ts'
import { revokeAllowance } from './ensureAllowance.ts'
import {
  DEFAULT_MAX_QUOTE_AGE_MS,
  type ExecuteEvmOrderParams,
  type ExecuteEvmOrderResult,
} from './executeEvmOrderTypes.ts'
import { logOrderFailure } from './logOrderFailure.ts'
import {
  checkPermitConsumed,
  permitProbeCalls as probes,
  type SignedOrderPermit,
} from './permitForOrder.ts'
import { quotesAhead } from './quotesAhead.ts'

/**
 * Creates one DLN order on an EVM source chain, proving before the signature that the service's
 * transaction is the one the intent asked for:
 * 1. one batched read: fixed fee, transfer fee, balance and the allowances to DlnSource and the
 *    forwarder (P-1.4, P-2.12);
 * 2. without a fitting allowance: a create-tx without enableEstimate is verified first, and only
 *    the spender derived from that verified target is approved, exactly (P-1.10, P-1.11), or
 *    given a permit for exactly the input (docs/safety.md §10); never the service's word;
 * 3. create-tx with enableEstimate and senderAddress; verify every field, the value against the
 *    on-chain fee, and the orderId (P-1.1..P-1.4, P-7.x); a VerificationError ends the run with
 *    nothing signed;
 * 4. the exact transaction is simulated from our address and its value flow judged against the
 *    plan at trusted prices (P-8.1..P-8.6; a pending approval and the preflight order are judged
 *    as one sequence before the approval is signed); a quote older than `maxQuoteAgeMs` is
 *    re-quoted, never signed;
 * 5. the sender signs with the service's gas limit (bounded by the chain cap) and capped EIP-1559
 *    fees from `srcChainPriorityLevel`, journals, broadcasts once, follows and replaces;
 * 6. at the confirmation depth, CreatedOrder is parsed and its orderId checked (P-2.5).
 * A failure after an approval revokes the leftover allowance (P-1.12) unless the order
 * transaction may still land.
 * Latency: the send's fee and nonce reads (EvmSender.prefetch) start with the step-1 reads,
 * in one JSON-RPC batch; when no approval is expected (quotesAhead) the create-tx goes out at
 * once too, so all of them run while it is in flight. The answer is still used only
 * after those reads, so between it and the broadcast the chain sees one simulation.
 */
export async function executeEvmOrder(
  params: ExecuteEvmOrderParams,
): Promise<ExecuteEvmOrderResult> {
  try {
    return await runEvmOrder(params)
  } catch (error) {
    logOrderFailure(params.logger ?? silentLogger, params.sender.chainId, error)
    throw error
  }
}

async function runEvmOrder(params: ExecuteEvmOrderParams): Promise<ExecuteEvmOrderResult> {
  const { api, sender } = params
  // Through a Safe, DlnSource's maker is the executing key (tx.origin), not the Safe.
  const intent = sender.safe ? { ...params.intent, maker: sender.safe.executor } : params.intent
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

  const request: BuildableCreateTxParams = {
    ...params.extras,
    srcChainId: intent.srcChainId,
    srcChainTokenIn: intent.tokenIn,
    srcChainTokenInAmount: intent.amountIn,
    dstChainId: intent.dstChainId,
    dstChainTokenOut: intent.tokenOut,
    dstChainTokenOutRecipient: intent.receiver,
    senderAddress: sender.address,
    // Ours, whatever the extras say: the verifier refuses a pre-swap refund to anyone else.
    srcChainRefundAddress: sender.address,
    srcChainOrderAuthorityAddress: intent.srcAuthority,
    dstChainOrderAuthorityAddress: intent.dstAuthority,
    srcAllowedCancelBeneficiary: intent.cancelBeneficiary,
    ...(intent.referralCode ? { referralCode: intent.referralCode } : {}),
  }
  const estimated = { ...request, enableEstimate: true }
  // With a permit, the estimate carries it (docs/safety.md §10): set once it is signed.
  let permit: SignedOrderPermit | undefined
  const estimatedRequest = (): BuildableCreateTxParams =>
    permit ? { ...estimated, srcChainTokenInSenderPermit: permit.envelope } : estimated
  // The work that does not wait for the quote runs while it is in flight: the chain reads, the
  // prices, and the send's fee and nonce reads. The answer is only used once the reads are in.
  // The send's reads start with the chain facts in every case, so both go in one JSON-RPC batch
  // (one round trip); an approval sent meanwhile makes the sender read the nonce again.
  const sendReadsEarly = sender.prefetch(level)
  const early = quotesAhead(!token, params.allowancePolicy)
    ? { quote: api.createOrderTx(estimated) }
    : undefined
  // Seen where awaited; a quote ahead that an approval made useless is dropped unheard.
  early?.quote.catch(() => {})
  const pricesFor = orderPrices(params.prices, intent.srcChainId, token ?? ZERO)
  const [facts] = await Promise.all([
    readEvmOrderFacts(sender.rpc.read, {
      dlnSource,
      owner: sender.address,
      ...(token ? { token, spenders } : {}),
    }),
    // Prices are read alongside; their failure surfaces where they are needed.
    pricesFor(token ?? ZERO).catch(() => undefined),
  ])
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
      estimatedTakeAmount: BigInt(quote.estimation.dstChainTokenOut.amount),
      ...(permit ? { permitEnvelope: permit.envelope } : {}),
    })

  const expect = async (
    verified: VerifiedEvmOrder,
    approval: { spender: Address; amount: bigint } | undefined,
  ) =>
    orderFlowExpectation({
      verified,
      dlnSource,
      token,
      fixedFeeWei: facts.fixedFeeWei,
      approval,
      maxCostBps: params.maxCostBps,
      prices: await pricesFor(verified.order.giveTokenAddress),
    })
  const mode = params.simulation ? { simulation: params.simulation } : {}

  const authorized = token
    ? await authorizeOrderInput({
        params,
        token,
        spenders,
        allowances: facts.allowances,
        request,
        verify,
        expect,
        clock,
        logger,
        progress,
      })
    : undefined
  const approvedSpender = authorized?.spender
  const allowance = authorized?.allowance
  permit = authorized?.permit
  // The allowance the order may spend from: ferry's fresh one, or the fitting standing one.
  const standing = (spender: string): { spender: Address; amount: bigint } | undefined => {
    if (!token) return undefined
    if (permit) return { spender: spender as Address, amount: permit.permit.value }
    if (allowance) return { spender: spender as Address, amount: allowance.after }
    const index = spenders.findIndex((s) => s.toLowerCase() === spender)
    return { spender: spender as Address, amount: facts.allowances[index] ?? 0n }
  }

  let mayHaveLanded = false
  try {
    for (let requote = 0; ; requote++) {
      // An approval moved the nonce since the early reads: they are made again, during this quote.
      const first = requote === 0 && !allowance
      const ahead = first ? early : undefined
      const sendReads = first ? sendReadsEarly : sender.prefetch(level)
      const answer = (await (ahead?.quote ?? api.createOrderTx(estimatedRequest()))).quote
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
      const tx = boundedOrderTx(answer, verified, sender.gasLimitCap)
      const flow = await checkEvmValueFlow(sender, {
        calls: [{ to: tx.to, data: tx.data, value: tx.value, gas: tx.gasLimit }, ...probes(permit)],
        expected: await expect(verified, standing(verified.spender)),
        ...mode,
        logger,
      })
      if (permit) checkPermitConsumed(permit, verified, flow)
      progress({ stage: 'simulated', flow })
      try {
        mayHaveLanded = true
        const sent = await sender.send({
          kind: 'order',
          ...tx,
          priorityLevel: level,
          orderId: verified.orderId,
          quotedAtMs,
          signByMs: quotedAtMs + maxQuoteAgeMs,
          prefetched: await sendReads,
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

const ZERO = '0x0000000000000000000000000000000000000000' as Address
