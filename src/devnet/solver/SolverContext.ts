import type { EventEmitter } from 'node:events'
import type { Connection, Keypair } from '@solana/web3.js'
import type { Hex } from 'viem'
import type { Logger } from '../../common/Logger.ts'
import type { Market } from '../../sim/market/market.ts'
import type { StatsObserver } from '../../sim/stats/statsObserver.ts'
import type { DevnetEvmChain } from '../DevnetEvmChain.ts'
import type { DevnetEvmAccount } from '../devnetAccounts.ts'
import type { SolverWallet } from './createSolverWallets.ts'
import type { SeenOrder } from './SeenOrder.ts'
import type { SolverEvents } from './SolverEvents.ts'
import type { SolverBehaviour } from './solverBehaviour.ts'

/**
 * What the solver's jobs share: built once by createSolver, so each job (watch, judge, fill,
 * relay, settle) takes it instead of a closure over the others.
 */
export type SolverContext = {
  events: EventEmitter<SolverEvents>
  stats: StatsObserver
  market: Market
  logger: Logger
  /** The devnet's EVM chains, by spec chain id. */
  chains: ReadonlyMap<number, DevnetEvmChain>
  /** The solver's serialized writer on each EVM chain, by spec chain id. */
  wallets: ReadonlyMap<number, SolverWallet>
  /** The devnet's Solana side; undefined when the devnet runs no Solana. */
  solana: { connection: Connection; rpcUrl: string } | undefined
  solverEvm: DevnetEvmAccount
  solverSol: Keypair
  /** Every order seen, by orderId: an order is judged once. */
  seen: Map<Hex, SeenOrder>
  /** Least margin the solver keeps, in bps of the order's give value. */
  minMarginBps: number
  /** The behaviour for one order under the current policy (setPolicy may replace it). */
  behaviourOf(orderId: string): SolverBehaviour
  /** Fill timers not yet fired; stop clears them. */
  timers: Set<NodeJS.Timeout>
  /** Keeps a job in flight until it settles, so stop can wait for it. */
  track(work: Promise<unknown>): void
  /** Logs and emits a step that failed. */
  fail(orderId: Hex | undefined, stage: string, error: unknown): void
}
