import type { Address, Hex } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { type Clock, systemClock } from '../../common/clock.ts'
import { FerryError } from '../../common/FerryError.ts'
import { type Logger, silentLogger } from '../../common/Logger.ts'
import { CHAINS } from '../chainRegistry.ts'
import { broadcastFreshNonce } from './broadcastFreshNonce.ts'
import { checkSendKind } from './checkSendKind.ts'
import type { EvmRpc } from './createEvmRpc.ts'
import type { EvmSigner } from './createEvmSigner.ts'
import { createNonceBroadcaster } from './createNonceBroadcaster.ts'
import { EvmSendError } from './EvmSendError.ts'
import type { EvmSenderContext } from './EvmSenderContext.ts'
import type { EvmSendPrefetch } from './EvmSendPrefetch.ts'
import type { EvmSendRequest } from './EvmSendRequest.ts'
import type { EvmSendResult } from './EvmSendResult.ts'
import {
  type EvmFeePolicy,
  type EvmFees,
  type EvmPriorityLevel,
  PRIORITY_PERCENTILE,
  resolveEvmFees,
} from './evmFeePolicy.ts'
import { followEvmSend } from './followEvmSend.ts'
import { nextFreshNonce } from './nextFreshNonce.ts'
import type { OrderPermit } from './permitEnvelope.ts'
import { readNonceCounts } from './readNonceCounts.ts'
import type { SafeRoute } from './safe/SafeRoute.ts'
import type { EvmSendJournal } from './sendJournal.ts'
import { signJournaledPermit } from './signJournaledPermit.ts'
import { DEFAULT_PREFETCH_MAX_AGE_MS, usablePrefetch } from './usablePrefetch.ts'

/** Default per-chain gas limit cap: above it ferry refuses the transaction. */
export const DEFAULT_GAS_LIMIT_CAP = 3_000_000n

/** Options of {@link createEvmSender}. Durations in ms. */
export type CreateEvmSenderOptions = {
  /** Spec chain id (equal to the EIP-155 id on the classic EVM chains). */
  chainId: ChainId
  signer: EvmSigner
  rpc: EvmRpc
  journal: EvmSendJournal
  feePolicy: EvmFeePolicy
  /** Highest gas limit ferry signs on this chain. Default {@link DEFAULT_GAS_LIMIT_CAP}. */
  gasLimitCap?: bigint
  /** Confirmations before a send counts as final. Default CHAINS[chainId].confirmations (P-2.14). */
  confirmations?: number
  /** Time without a receipt before a fee-bumped replacement of the same nonce. Default 60 000. */
  replaceAfterMs?: number
  /** Receipt poll interval. Default 1 000. */
  pollIntervalMs?: number
  /** Time after which a send still without a final receipt throws `unknown`. Default 600 000. */
  maxWaitMs?: number
  /** Age past which a prefetch's fees and counts are read again. Default 3 000. */
  prefetchMaxAgeMs?: number
  clock?: Clock
  logger?: Logger
}

/** The one writer of a (chain, address): nonces are handed out by it alone (P-2.4, P-2.6). */
export type EvmSender = {
  readonly chainId: ChainId
  readonly nativeChainId: number
  /** The wallet: the key's own address, or the Safe whose funds it moves. */
  readonly address: Address
  /** Set when the wallet is a Safe the key executes for (owner mode). */
  readonly safe?: SafeRoute | undefined
  readonly rpc: EvmRpc
  readonly gasLimitCap: bigint
  readonly confirmations: number
  /** Fees for a new transaction at `level` (one eth_feeHistory call). */
  suggestFees(level?: EvmPriorityLevel): Promise<EvmFees>
  /**
   * Starts the reads of a send that do not depend on its transaction (fees, nonce counts, the
   * chain id on a first send; one batched request), to run while the transaction is still being
   * quoted. Never rejects: undefined when a read failed, and the send then reads for itself.
   */
  prefetch(level?: EvmPriorityLevel): Promise<EvmSendPrefetch | undefined>
  /** Signs, journals, broadcasts once and follows one transaction; one at a time. */
  send(request: EvmSendRequest): Promise<EvmSendResult>
  /**
   * Journals, then signs an EIP-2612 permit to DlnSource or the forwarder; returns deBridge's
   * permit envelope (docs/dln.md §4.9, docs/safety.md §10). Sends nothing.
   */
  signPermit(permit: OrderPermit, intentId?: string): Promise<Hex>
  /** Releases the (chain, address) claim. */
  close(): void
}

const claimed = new Set<string>()

/**
 * Creates the serialized sender of one (chain, address). Sends run one at a time, from signing to
 * the required depth, so nonces never race. The nonce manager ({@link nextFreshNonce}) picks each
 * nonce from the chain's `latest` and `pending` counts, the sender's own counter and the journal's
 * open nonces, and first fills a gap (a dropped transaction ferry signed past) with a 0-value
 * self-transfer, journaled like any send (P-2.8); a "nonce too low" or "replacement
 * underpriced" answer on a fresh nonce re-syncs it from the chain and re-signs the same call.
 * Each signed transaction goes to the journal before the RPC (P-2.1), is broadcast exactly once
 * with no retry layer (P-3.1), and a lost answer is resolved by hash lookup (P-2.3). A transaction
 * without a receipt after `replaceAfterMs` is re-signed at the same nonce with both fees bumped
 * by at least 12.5 % within the caps (P-2.9); receipts are looked up for every hash of the nonce
 * (P-2.10). Throws a FerryError when the (chain, address) already has a sender in this process.
 * The steps of a send: createNonceBroadcaster, broadcastFreshNonce, followEvmSend.
 */
export function createEvmSender(options: CreateEvmSenderOptions): EvmSender {
  const { chainId, signer, rpc, journal, feePolicy } = options
  const info = CHAINS[chainId]
  if (info.kind !== 'evm' || info.nativeChainId === undefined) {
    throw new FerryError(`chain ${chainId} is not an EVM chain`)
  }
  const nativeChainId = info.nativeChainId
  const key = `${chainId}:${signer.address.toLowerCase()}`
  if (claimed.has(key)) {
    throw new FerryError('an EVM sender for this chain and address already runs', {
      metaMessages: [`chain: ${chainId}`, `address: ${signer.address}`],
    })
  }
  claimed.add(key)
  const ctx: EvmSenderContext = {
    chainId,
    nativeChainId,
    signer,
    rpc,
    journal,
    feePolicy,
    clock: options.clock ?? systemClock,
    logger: options.logger ?? silentLogger,
    replaceAfterMs: options.replaceAfterMs ?? 60_000,
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
    maxWaitMs: options.maxWaitMs ?? 600_000,
  }
  const gasLimitCap = options.gasLimitCap ?? DEFAULT_GAS_LIMIT_CAP
  const defaultConfirmations = options.confirmations ?? info.confirmations
  const client = rpc.read
  let nextNonce: number | undefined
  let tail: Promise<unknown> = Promise.resolve()
  // Sends ended; with `busy`, what tells a prefetch whether a send moved the nonce since.
  let generation = 0
  let busy = false

  const exclusive = <T>(run: () => Promise<T>): Promise<T> => {
    const guarded = async (): Promise<T> => {
      busy = true
      try {
        return await run()
      } finally {
        generation++
        busy = false
      }
    }
    const result = tail.then(guarded, guarded)
    tail = result.catch(() => undefined)
    return result
  }

  const suggestFees = async (level: EvmPriorityLevel = 'normal'): Promise<EvmFees> => {
    const history = await client.getFeeHistory({
      blockCount: 1,
      rewardPercentiles: [PRIORITY_PERCENTILE[level]],
    })
    const baseFee = history.baseFeePerGas.at(-1) ?? 0n
    const reward = history.reward?.[0]?.[0] ?? 0n
    return resolveEvmFees(baseFee, reward, level, feePolicy)
  }

  const prefetch = async (
    level: EvmPriorityLevel = 'normal',
  ): Promise<EvmSendPrefetch | undefined> => {
    const readAtMs = ctx.clock.nowMs()
    const started = busy ? undefined : generation
    const chainChecked = nextNonce === undefined
    try {
      const [fees, counts] = await Promise.all([
        suggestFees(level),
        started === undefined
          ? undefined
          : (async () => {
              const open = await ctx.journal.openNonces?.(ctx.nativeChainId, ctx.signer.address)
              return readNonceCounts(ctx, chainChecked, (open ?? []).length > 0)
            })(),
      ])
      return {
        level,
        readAtMs,
        fees,
        ...(counts && started !== undefined
          ? { nonce: { counts, generation: started, chainChecked } }
          : {}),
      }
    } catch {
      // The send reads again and its error surfaces there, as without a prefetch.
      return undefined
    }
  }

  const send = (req: EvmSendRequest): Promise<EvmSendResult> =>
    exclusive(async () => {
      // A Safe's outer call was checked as its inner call by the Safe sender.
      if (req.safeTx === undefined) checkSendKind(req)
      if (req.gasLimit > gasLimitCap || req.gasLimit < 21_000n) {
        throw new EvmSendError('rejected', 'gas limit outside 21000..cap', {
          details: `gasLimit ${req.gasLimit}, cap ${gasLimitCap}`,
        })
      }
      const confirmations = req.confirmations ?? defaultConfirmations
      const ahead = usablePrefetch(req.prefetched, {
        nowMs: ctx.clock.nowMs(),
        level: req.priorityLevel ?? 'normal',
        generation,
        needsChainCheck: nextNonce === undefined,
        maxAgeMs: options.prefetchMaxAgeMs ?? DEFAULT_PREFETCH_MAX_AGE_MS,
      })
      const fees = ahead.fees ?? (await suggestFees(req.priorityLevel))
      const firstNonce = await nextFreshNonce(ctx, nextNonce, fees, confirmations, ahead.counts)
      const broadcaster = createNonceBroadcaster(ctx, req)
      const nonce = await broadcastFreshNonce(ctx, broadcaster, firstNonce, fees)
      nextNonce = nonce + 1
      return followEvmSend(ctx, {
        req,
        broadcaster,
        nonce,
        fees,
        confirmations,
        forgetNonce: () => {
          nextNonce = undefined
        },
      })
    })

  return {
    chainId,
    nativeChainId,
    address: signer.address,
    rpc,
    gasLimitCap,
    confirmations: defaultConfirmations,
    suggestFees,
    prefetch,
    send,
    signPermit: (permit, intentId) => signJournaledPermit(ctx, permit, intentId),
    close: () => {
      claimed.delete(key)
    },
  }
}
