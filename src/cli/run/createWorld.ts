import { existsSync } from 'node:fs'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { type Address, erc20Abi, type Hex, type PublicClient } from 'viem'
import type { ApiClient } from '../../api/createApiClient.ts'
import { EVM_NATIVE_TOKEN, SOLANA_NATIVE_TOKEN } from '../../api/requests/addressRules.ts'
import { CANONICAL_USDC } from '../../api/requests/defaultIntermediaryTokens.ts'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import { createEvmRpc } from '../../chains/evm/createEvmRpc.ts'
import { createEvmSender, type EvmSender } from '../../chains/evm/createEvmSender.ts'
import { createEvmSigner, type EvmKeySource } from '../../chains/evm/createEvmSigner.ts'
import { executeEvmOrder } from '../../chains/evm/executeEvmOrder.ts'
import { executeEvmSwap } from '../../chains/evm/executeEvmSwap.ts'
import { executeSolanaOrder } from '../../chains/solana/executeSolanaOrder.ts'
import { createTrustedPriceSource } from '../../chains/verify/prices/createTrustedPriceSource.ts'
import type { TrustedPriceSource } from '../../chains/verify/prices/tokenUsdPrice.ts'
import type { TrustedPriceEntry } from '../../chains/verify/prices/trustedPriceEntry.ts'
import { buildOrderIntent } from '../../engine/buildOrderIntent.ts'
import { buildOrderQuoteObservation } from '../../engine/buildOrderQuoteObservation.ts'
import { buildSwapQuoteObservation } from '../../engine/buildSwapQuoteObservation.ts'
import type { EngineEvent } from '../../engine/engineEvents.ts'
import type { EngineWorld, ExecutionOutcome, TrackingOutcome } from '../../engine/engineWorld.ts'
import { type FailPoint, noFailPoint } from '../../engine/failPoints.ts'
import { journaledRoute } from '../../engine/planReconciliation.ts'
import type { Clock } from '../../shared/clock.ts'
import type { Logger } from '../../shared/Logger.ts'
import type { Intent, RouteRequest, TokenBalance } from '../../shared/strategy/marketTypes.ts'
import { createEvmSendJournal } from '../../store/createEvmSendJournal.ts'
import { createSolanaSendJournal } from '../../store/createSolanaSendJournal.ts'
import type { Journal } from '../../store/openJournal.ts'
import { engageKillSwitch } from '../engageKillSwitch.ts'
import { autoCancelOrder } from './autoCancelOrder.ts'
import { outcomeOfError } from './outcomeOfError.ts'
import { settleIntent } from './settleIntent.ts'
import { type TrackedOrder, trackOrder } from './trackOrder.ts'

const SOLANA = 7565164

/** Where each chain is and who ferry is on it; resolved from the config or the devnet. */
export type WorldWiring = {
  /** EVM chains: RPC URL, confirmations and fee cap. */
  evm: {
    chainId: ChainId
    /** In order of preference; reads fail over, sends use the first (createEvmRpc). */
    rpcUrls: readonly string[]
    confirmations: number
    maxFeePerGasWei: bigint
    /** Default: the maxFeePerGas cap. */
    maxPriorityFeePerGasWei?: bigint
    /** Default DEFAULT_GAS_LIMIT_CAP. */
    gasLimitCap?: bigint
    /** `chains.<id>.verify.simulation` (P-8.10). Default 'on'. */
    simulation?: 'on' | 'off'
  }[]
  /** `orderProgramId`: the escrow owner of Solana orders (the devnet's escrow, or the real program). */
  solana:
    | { rpcUrl: string; commitment: 'confirmed' | 'finalized'; orderProgramId: string | undefined }
    | undefined
  /**
   * Our EVM address, and its key when the run sends (a dry run reads balances with the address
   * alone); the key never leaves the signer, which checks it derives to the address (P-1.9).
   */
  evmWallet: { address: Address; key: EvmKeySource | undefined } | undefined
  /** Our Solana address, and its secret key when the run sends. */
  solanaWallet: { address: string; secretKey: Uint8Array | undefined } | undefined
  /** Tokens whose balances the strategies read, per chain. */
  watched: { chainId: number; token: string }[]
  killSwitchFile: string
  sending: boolean
  trackingDeadlineMs: number
  /**
   * Cancel an order still unfilled at the tracking deadline through our destination authority and
   * wait (up to the deadline again) for its refund (`tracking.autoCancel`, P-7.4). Default false.
   */
  autoCancel?: boolean
  pollIntervalMs: number
  /** Crash-test hook at each pipeline step (engine/failPoints.ts). Default: none. */
  failPoint?: FailPoint
  /** Trusted prices the value-flow judge weighs every payload with when `priceEntries` is empty. */
  prices: TrustedPriceSource
  /** The config's `prices` section: read through this world's own RPCs (P-8.6, P-8.8). */
  priceEntries?: readonly TrustedPriceEntry[]
  /** The route's all-in cost cap in bps (`risk.maxCostBps` with `risk.routes[]` laid over). */
  maxCostBpsOf: (key: { strategyId: string; srcChainId: number; dstChainId: number }) => number
}

/**
 * Builds the engine's I/O edges (EngineWorld) over the service client, the chains and the
 * journal: balances, quotes, verified execution through the issue-5 executors (journaled before
 * broadcast), and tracking of each order to its fill (FulfilledOrder on the destination) and its
 * hook's completion (externalCallProcess until every step is Executed).
 */
export function createWorld(params: {
  api: ApiClient
  wiring: WorldWiring
  journal: Journal
  clock: Clock
  logger: Logger
}): EngineWorld & { close(): void } {
  const { api, wiring, journal, clock, logger } = params
  const failPoint = wiring.failPoint ?? noFailPoint
  const storeJournal = createEvmSendJournal(journal)
  // The fail points of the send pipeline sit right after each journal write they follow.
  const evmJournal: typeof storeJournal = {
    afterInclusion: (inclusion) => storeJournal.afterInclusion(inclusion),
    async beforeBroadcast(record) {
      await storeJournal.beforeBroadcast(record)
      if (record.kind === 'order') failPoint('afterSign')
    },
    async afterBroadcast(outcome) {
      await storeJournal.afterBroadcast(outcome)
      if (outcome.record.kind === 'approve') failPoint('afterApprovalSent')
      if (outcome.record.kind === 'order') failPoint('afterBroadcast')
    },
  }
  const evm = new Map<
    number,
    {
      rpc: ReturnType<typeof createEvmRpc>
      sender: EvmSender | undefined
      confirmations: number
      simulation: 'on' | 'off'
    }
  >()
  const signer = wiring.evmWallet?.key
    ? createEvmSigner(wiring.evmWallet.key, wiring.evmWallet.address)
    : undefined
  for (const c of wiring.evm) {
    const rpc = createEvmRpc(c.rpcUrls)
    const sender =
      signer && wiring.sending
        ? createEvmSender({
            chainId: c.chainId,
            signer,
            rpc,
            journal: evmJournal,
            feePolicy: {
              maxFeePerGasCapWei: c.maxFeePerGasWei,
              ...(c.maxPriorityFeePerGasWei === undefined
                ? {}
                : { maxPriorityFeePerGasCapWei: c.maxPriorityFeePerGasWei }),
            },
            ...(c.gasLimitCap === undefined ? {} : { gasLimitCap: c.gasLimitCap }),
            confirmations: c.confirmations,
            pollIntervalMs: wiring.pollIntervalMs,
            clock,
            logger,
          })
        : undefined
    evm.set(c.chainId, {
      rpc,
      sender,
      confirmations: c.confirmations,
      simulation: c.simulation ?? 'on',
    })
  }
  const prices = wiring.priceEntries?.length
    ? createTrustedPriceSource({
        prices: wiring.priceEntries,
        readClient: (chainId) => evm.get(chainId)?.rpc.read,
      })
    : wiring.prices
  const connection = wiring.solana
    ? new Connection(wiring.solana.rpcUrl, wiring.solana.commitment)
    : undefined
  const solanaKey = wiring.solanaWallet?.secretKey
    ? Keypair.fromSecretKey(wiring.solanaWallet.secretKey)
    : undefined
  const nativePrices = new Map<number, { usd: number; atMs: number }>()

  const walletOn = (chainId: number): string => {
    if (chainId === SOLANA) {
      if (!wiring.solanaWallet) throw new Error('no Solana wallet is configured (wallets.solana)')
      return wiring.solanaWallet.address
    }
    if (!wiring.evmWallet) throw new Error('no EVM wallet is configured (wallets.evm)')
    return wiring.evmWallet.address
  }
  const readClient = (chainId: number): PublicClient => {
    const c = evm.get(chainId)
    if (!c) throw new Error(`chain ${chainId} is not configured (chains.${chainId})`)
    return c.rpc.read
  }

  /** USD of one whole native token of a chain, from a single-chain swap quote into USDC. */
  async function nativePriceUsd(chainId: number): Promise<number | undefined> {
    const cached = nativePrices.get(chainId)
    if (cached && clock.nowMs() - cached.atMs < 60_000) return cached.usd
    const usdc = CANONICAL_USDC[chainId as ChainId]
    if (!usdc) return undefined
    const info = CHAINS[chainId as ChainId]
    try {
      const quote = await api.getSwapTransaction({
        chainId: chainId as ChainId,
        tokenIn: chainId === SOLANA ? SOLANA_NATIVE_TOKEN : EVM_NATIVE_TOKEN,
        tokenInAmount: 10n ** BigInt(info.nativeDecimals),
        tokenOut: usdc,
        tokenOutRecipient: walletOn(chainId),
      })
      nativePrices.set(chainId, { usd: quote.tokenIn.approximateUsdValue, atMs: clock.nowMs() })
      return quote.tokenIn.approximateUsdValue
    } catch (error) {
      logger.warn({ chainId, error: (error as Error).message }, 'no native price')
      return undefined
    }
  }

  // Decimals and symbols do not change: read once per token, not on every tick.
  const metas = new Map<string, Promise<{ decimals: number; symbol: string }>>()
  function tokenMeta(
    client: PublicClient,
    chainId: number,
    address: Address,
  ): Promise<{ decimals: number; symbol: string }> {
    const key = `${chainId}:${address.toLowerCase()}`
    let meta = metas.get(key)
    if (!meta) {
      meta = Promise.all([
        client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
        client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
      ]).then(([decimals, symbol]) => ({ decimals, symbol }))
      // A failed read is not cached, so the next tick tries again.
      meta.catch(() => metas.delete(key))
      metas.set(key, meta)
    }
    return meta
  }

  async function readBalances(): Promise<TokenBalance[]> {
    const out: TokenBalance[] = []
    for (const { chainId, token } of wiring.watched) {
      const owner = walletOn(chainId)
      if (chainId === SOLANA) {
        if (!connection) continue
        const mint = new PublicKey(token)
        const ata = getAssociatedTokenAddressSync(mint, new PublicKey(owner), true)
        const balance = await connection.getTokenAccountBalance(ata).catch(() => undefined)
        out.push({
          chainId,
          token,
          symbol: token === 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' ? 'USDC' : 'SPL',
          decimals: balance?.value.decimals ?? 6,
          isNative: false,
          owner,
          amount: BigInt(balance?.value.amount ?? '0'),
          priceUsd: undefined,
        })
        continue
      }
      const client = readClient(chainId)
      const address = token as Address
      const [amount, { decimals, symbol }] = await Promise.all([
        client.readContract({
          address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner as Address],
        }),
        tokenMeta(client, chainId, address),
      ])
      out.push({
        chainId,
        token,
        symbol,
        decimals,
        isNative: false,
        owner,
        amount,
        priceUsd: undefined,
      })
    }
    for (const chainId of new Set([
      ...wiring.evm.map((c) => c.chainId as number),
      ...(connection ? [SOLANA] : []),
    ])) {
      const owner = walletOn(chainId)
      const info = CHAINS[chainId as ChainId]
      const amount =
        chainId === SOLANA
          ? BigInt(await connection!.getBalance(new PublicKey(owner)))
          : await readClient(chainId).getBalance({ address: owner as Address })
      out.push({
        chainId,
        token: chainId === SOLANA ? SOLANA_NATIVE_TOKEN : EVM_NATIVE_TOKEN,
        symbol: info.nativeSymbol,
        decimals: info.nativeDecimals,
        isNative: true,
        owner,
        amount,
        priceUsd: await nativePriceUsd(chainId),
      })
    }
    return out
  }

  async function quote(request: RouteRequest, nowMs: number) {
    if (request.kind === 'swap') {
      const answer = await api.getSwapTransaction({
        chainId: request.chainId as ChainId,
        tokenIn: request.tokenIn,
        tokenInAmount: request.amountIn,
        tokenOut: request.tokenOut,
        tokenOutRecipient: request.recipient,
      })
      return buildSwapQuoteObservation({ request, quote: answer, quotedAtMs: clock.nowMs() })
    }
    const result = await api.createOrderTx({
      srcChainId: request.srcChainId as ChainId,
      srcChainTokenIn: request.srcToken,
      srcChainTokenInAmount: request.amountIn,
      dstChainId: request.dstChainId as ChainId,
      dstChainTokenOut: request.dstToken,
      dstChainTokenOutAmount: 'auto',
      prependOperatingExpenses: true,
      ...(request.hook ? { netHook: request.hook as never } : {}),
    })
    return buildOrderQuoteObservation({
      request,
      quote: result.quote as never,
      quotedAtMs: nowMs,
      nativePriceUsd: await nativePriceUsd(request.srcChainId),
      nativeDecimals: CHAINS[request.srcChainId as ChainId].nativeDecimals,
    })
  }

  async function execute(
    intent: Intent,
    intentId: string,
    emit: (e: EngineEvent) => void,
  ): Promise<ExecutionOutcome> {
    const r = intent.route
    if (r.kind === 'swap') return executeSwap(intent, r, intentId, emit)
    const orderIntent = buildOrderIntent({ ...intent, route: r }, walletOn)
    const extras = {
      dstChainTokenOutAmount: 'auto' as const,
      prependOperatingExpenses: true,
      ...(intent.hook ? { netHook: intent.hook as never } : {}),
    }
    try {
      if (r.srcChainId === SOLANA) {
        if (!connection || !solanaKey) return { kind: 'failed', detail: 'Solana is not configured' }
        journal.setIntentState(intentId, 'signed')
        const result = await executeSolanaOrder({
          connection,
          api,
          request: {
            srcChainId: SOLANA,
            srcChainTokenIn: r.srcToken,
            srcChainTokenInAmount: intent.amountIn,
            dstChainId: r.dstChainId as ChainId,
            dstChainTokenOut: r.dstToken,
            dstChainTokenOutRecipient: intent.recipient,
            srcChainOrderAuthorityAddress: orderIntent.srcAuthority,
            dstChainOrderAuthorityAddress: orderIntent.dstAuthority,
            srcAllowedCancelBeneficiary: orderIntent.cancelBeneficiary,
            ...extras,
          },
          intent: orderIntent,
          prices,
          maxCostBps: wiring.maxCostBpsOf({
            strategyId: journal.getIntent(intentId)?.strategy ?? '',
            srcChainId: r.srcChainId,
            dstChainId: r.dstChainId,
          }),
          secretKey: solanaKey.secretKey,
          journal: createSolanaSendJournal(journal, {
            intentId,
            from: solanaKey.publicKey.toBase58(),
          }),
          config: {
            pollIntervalMs: wiring.pollIntervalMs,
            ...(wiring.solana?.orderProgramId
              ? { orderProgramId: wiring.solana.orderProgramId }
              : {}),
          },
          clock,
          logger,
        })
        emit({ type: 'sent', intentId, chainId: SOLANA, hash: result.signature })
        return created(
          intentId,
          result.orderId,
          result.signature,
          r,
          intent.hook !== undefined,
          emit,
        )
      }
      const chain = evm.get(r.srcChainId)
      if (!chain?.sender) return { kind: 'failed', detail: `no sender for chain ${r.srcChainId}` }
      const result = await executeEvmOrder({
        intent: orderIntent,
        api,
        sender: chain.sender,
        prices,
        simulation: chain.simulation,
        maxCostBps: wiring.maxCostBpsOf({
          strategyId: journal.getIntent(intentId)?.strategy ?? '',
          srcChainId: r.srcChainId,
          dstChainId: r.dstChainId,
        }),
        extras,
        intentId,
        confirmations: chain.confirmations,
        clock,
        logger,
        onProgress: (p) => {
          if (p.stage === 'approved') {
            journal.setIntentState(intentId, 'approving')
            emit({
              type: 'approval',
              intentId,
              chainId: r.srcChainId,
              actions: p.allowance.actions,
            })
          }
          if (p.stage === 'broadcast') {
            journal.setIntentState(intentId, 'broadcast')
            emit({
              type: 'sent',
              intentId,
              chainId: r.srcChainId,
              hash: (p as { hash?: string }).hash ?? '',
            })
          }
        },
      })
      return created(intentId, result.orderId, result.hash, r, intent.hook !== undefined, emit)
    } catch (error) {
      return outcomeOfError(error)
    }
  }

  /** A single-chain swap through the verifying swap executor (P-1.15); EVM chains only. */
  async function executeSwap(
    intent: Intent,
    r: Extract<RouteRequest, { kind: 'swap' }>,
    intentId: string,
    emit: (e: EngineEvent) => void,
  ): Promise<ExecutionOutcome> {
    if (r.chainId === SOLANA) {
      return { kind: 'failed', detail: 'single-chain swaps on Solana are not supported' }
    }
    const chain = evm.get(r.chainId)
    if (!chain?.sender) return { kind: 'failed', detail: `no sender for chain ${r.chainId}` }
    try {
      const result = await executeEvmSwap({
        intent: {
          chainId: r.chainId as ChainId,
          sender: walletOn(r.chainId),
          tokenIn: r.tokenIn,
          amountIn: intent.amountIn,
          tokenOut: r.tokenOut,
          minAmountOut: intent.minAmountOut,
          recipient: intent.recipient,
        },
        api,
        sender: chain.sender,
        prices,
        simulation: chain.simulation,
        maxCostBps: wiring.maxCostBpsOf({
          strategyId: journal.getIntent(intentId)?.strategy ?? '',
          srcChainId: r.chainId,
          dstChainId: r.chainId,
        }),
        intentId,
        confirmations: chain.confirmations,
        clock,
        logger,
        onProgress: (p) => {
          if (p.stage !== 'broadcast') return
          journal.setIntentState(intentId, 'broadcast')
          emit({ type: 'sent', intentId, chainId: r.chainId, hash: p.hash })
        },
      })
      return { kind: 'swapped', hash: result.hash, chainId: r.chainId }
    } catch (error) {
      return outcomeOfError(error)
    }
  }

  function created(
    intentId: string,
    orderId: string,
    createTxHash: string,
    r: Extract<RouteRequest, { kind: 'crossChain' }>,
    hasHook: boolean,
    emit: (e: EngineEvent) => void,
  ): ExecutionOutcome {
    // The order first: a crash between the two writes leaves an order the restart tracks.
    journal.recordOrder({
      orderId: orderId as Hex,
      intentId,
      srcChainId: r.srcChainId,
      dstChainId: r.dstChainId,
      state: 'Created',
      createTxHash,
    })
    journal.setIntentState(intentId, 'created')
    emit({ type: 'created', intentId, orderId, chainId: r.srcChainId })
    failPoint('afterOrderCreated')
    return {
      kind: 'created',
      orderId,
      srcChainId: r.srcChainId,
      dstChainId: r.dstChainId,
      hasHook,
    }
  }

  function track(
    order: TrackedOrder,
    emit: (e: EngineEvent) => void,
    signal?: AbortSignal,
  ): Promise<TrackingOutcome> {
    const onEvm = order.dstChainId !== SOLANA
    if (onEvm && !evm.has(order.dstChainId)) {
      // Without the destination's RPC there is no fill evidence (P-2.5): the order stays in flight.
      return Promise.reject(
        new Error(
          `chain ${order.dstChainId} is not configured (chains.${order.dstChainId}): its fill cannot be checked`,
        ),
      )
    }
    return trackOrder(
      {
        api,
        journal,
        destination: onEvm ? evm.get(order.dstChainId)?.rpc.read : undefined,
        autoCancel: wiring.autoCancel
          ? () =>
              autoCancelOrder({
                order,
                journal,
                sender: evm.get(order.dstChainId)?.sender,
                source: evm.get(order.srcChainId)?.rpc.read,
                sourceAddress: walletOn(order.srcChainId),
                refundTimeoutMs: wiring.trackingDeadlineMs,
                pollIntervalMs: wiring.pollIntervalMs,
                sourceConfirmations: evm.get(order.srcChainId)?.confirmations ?? 1,
                clock,
                logger,
                emit,
              })
          : undefined,
        trackingDeadlineMs: wiring.trackingDeadlineMs,
        pollIntervalMs: wiring.pollIntervalMs,
        clock,
        logger,
      },
      order,
      emit,
      signal,
    )
  }

  return {
    sending: wiring.sending,
    readBalances,
    quote,
    execute,
    settle(rec, plan, emit) {
      const route = journaledRoute(rec)
      return settleIntent(
        {
          journal,
          evmChain: (chainId) => evm.get(chainId),
          solana: connection
            ? { connection, commitment: wiring.solana?.commitment ?? 'confirmed' }
            : undefined,
          sending: wiring.sending,
          pollIntervalMs: wiring.pollIntervalMs,
          maxWaitMs: Math.min(wiring.trackingDeadlineMs, 120_000),
          created: (orderId, createTxHash) =>
            route?.kind === 'crossChain'
              ? created(rec.intent.id, orderId, createTxHash, route, route.hook !== undefined, emit)
              : { kind: 'failed', detail: 'an order was created for a route that is no order' },
          clock,
          logger,
        },
        rec,
        plan,
      )
    },
    track,
    killSwitchEngaged: () => existsSync(wiring.killSwitchFile),
    engageKillSwitch: (reason) =>
      engageKillSwitch(
        wiring.killSwitchFile,
        reason,
        `ferry run (pid ${process.pid})`,
        clock.nowMs(),
      ),
    close() {
      for (const c of evm.values()) c.sender?.close()
    },
  }
}
