import { EventEmitter } from 'node:events'
import { Connection } from '@solana/web3.js'
import type { Hex } from 'viem'
import { type Logger, silentLogger } from '../../common/Logger.ts'
import type { Market } from '../../sim/market/market.ts'
import type { StatsObserver } from '../../sim/stats/statsObserver.ts'
import type { DevnetEvmChain } from '../DevnetEvmChain.ts'
import { devnetEvmAccount, devnetSolanaKeypair } from '../devnetAccounts.ts'
import { cancelOnSolana } from './cancelOnSolana.ts'
import { createSolverWallets } from './createSolverWallets.ts'
import { onOrderSeen } from './onOrderSeen.ts'
import { relayMessage } from './relayMessage.ts'
import type { SeenOrder } from './SeenOrder.ts'
import type { SolverContext } from './SolverContext.ts'
import type { SolverEvents } from './SolverEvents.ts'
import type { SolverBehaviour, SolverPolicy } from './solverBehaviour.ts'
import { watchOrders } from './watchOrders.ts'

/** The devnet's taker. */
export type Solver = {
  events: EventEmitter<SolverEvents>
  /** Replaces the behaviour policy, e.g. to make the next orders misbehave. */
  setPolicy(policy: SolverPolicy): void
  /** Stops watching; in-flight work finishes. */
  stop(): Promise<void>
}

/** Options of {@link createSolver}. */
export type CreateSolverOptions = {
  evm: DevnetEvmChain[]
  solana?: { rpcUrl: string } | undefined
  stats: StatsObserver
  market: Market
  policy?: SolverPolicy
  /**
   * Least margin the solver keeps, in bps of the order's give value at the market's prices: an
   * order whose take is worth more than its give minus this margin stays unfilled, as with a real
   * taker. Default {@link DEFAULT_SOLVER_MARGIN_BPS}.
   */
  minMarginBps?: number
  /** How often chains are polled for new orders and messages, in ms. Default 150. */
  pollIntervalMs?: number
  logger?: Logger
}

/**
 * Default least margin of the devnet solver, in bps: below the simulator's own taker margin
 * (4 bps, baked into every honest quote), so honest quotes fill and over-generous ones do not.
 */
export const DEFAULT_SOLVER_MARGIN_BPS = 2

/**
 * The devnet's simulated solver (taker). It watches CreatedOrder on every EVM chain and order
 * deposits on Solana, waits its fill delay, fills on the destination at the order's takeAmount
 * (DlnDestination.fulfillOrder on EVM, which also runs the hook; an SPL or SOL transfer to the
 * receiver on Solana), sends the unlock, relays every DevnetMessenger message (unlocks and
 * cancels) to the source chain, relays the cancels dln_dst's stand-in sent on Solana
 * (cancelOnSolana), and feeds the simulator's stats store with the real transaction
 * hashes, blocks, times and initiators (docs/service.md §4.1-§4.3). Misbehaves on demand (SolverBehaviour).
 * Composes the jobs: watchOrders → onOrderSeen → fillOrder → sendUnlock; watchOrders →
 * relayMessage → settleOnSolana.
 */
export function createSolver(options: CreateSolverOptions): Solver {
  const { stats, market, logger = silentLogger } = options
  const pollIntervalMs = options.pollIntervalMs ?? 150
  let policy: SolverPolicy = options.policy ?? {}
  const events = new EventEmitter<SolverEvents>()
  const solverEvm = devnetEvmAccount('solver')
  const timers = new Set<NodeJS.Timeout>()
  const pending = new Set<Promise<unknown>>()

  const ctx: SolverContext = {
    events,
    stats,
    market,
    logger,
    chains: new Map(options.evm.map((c) => [c.chainId as number, c])),
    wallets: createSolverWallets(options.evm, solverEvm.account),
    solana: options.solana && {
      connection: new Connection(options.solana.rpcUrl, 'confirmed'),
      rpcUrl: options.solana.rpcUrl,
    },
    solverEvm,
    solverSol: devnetSolanaKeypair('solver'),
    seen: new Map<Hex, SeenOrder>(),
    minMarginBps: options.minMarginBps ?? DEFAULT_SOLVER_MARGIN_BPS,
    behaviourOf: (orderId: string): SolverBehaviour =>
      typeof policy === 'function' ? policy(orderId) : policy,
    timers,
    track: (p) => {
      pending.add(p)
      void p.finally(() => pending.delete(p))
    },
    fail: (orderId, stage, error) => {
      // Two lines: viem puts the revert selector on the second.
      const text =
        error instanceof Error ? error.message.split('\n').slice(0, 2).join(' ') : String(error)
      logger.warn({ orderId, stage, error: text }, 'solver step failed')
      events.emit('failed', { orderId, stage, error: text })
    },
  }

  const stopWatching = watchOrders(ctx, pollIntervalMs, {
    order: (orderId, order, referralCode, percentFee, fixFee) =>
      onOrderSeen(ctx, orderId, order, referralCode, percentFee, fixFee),
    message: (from, dstChainId, target, data) =>
      ctx.track(
        relayMessage(ctx, from.chainId, dstChainId, target, data).catch((error) =>
          ctx.fail(undefined, 'relay', error),
        ),
      ),
    cancel: (cancel) =>
      ctx.track(
        cancelOnSolana(ctx, cancel).catch((error) => ctx.fail(cancel.orderId, 'cancel', error)),
      ),
  })

  return {
    events,
    setPolicy(next) {
      policy = next
    },
    async stop() {
      stopWatching()
      for (const t of timers) clearTimeout(t)
      timers.clear()
      // In-flight fills and relays finish on their own; a stuck one must not hold the stop.
      let bound: NodeJS.Timeout | undefined
      await Promise.race([
        Promise.allSettled([...pending]),
        new Promise<void>((resolve) => {
          bound = setTimeout(() => {
            logger.warn({ pending: pending.size }, 'solver stopped with work still in flight')
            resolve()
          }, 5_000)
        }),
      ])
      clearTimeout(bound)
    },
  }
}
