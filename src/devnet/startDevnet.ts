import { type Address, createPublicClient, http, type PublicClient } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import { CHAINS } from '../chains/chainRegistry.ts'
import { FerryError } from '../common/FerryError.ts'
import { type Logger, silentLogger } from '../common/Logger.ts'
import { createMarket } from '../sim/market/createMarket.ts'
import type { QuoteConfig } from '../sim/quote/quoteConfig.ts'
import { type StartedSim, startSim } from '../sim/startSim.ts'
import { createDevnetChainState } from './createDevnetChainState.ts'
import type { DevnetEvmChain } from './DevnetEvmChain.ts'
import { devnetEvmAccount } from './devnetAccounts.ts'
import { fundEvmChain, SOLVER_FUNDS, USER_FUNDS } from './fundEvmChain.ts'
import { type GateChainFee, installContracts } from './installContracts.ts'
import { type DevnetRolesTreasury, installDevnetRoles } from './installDevnetRoles.ts'
import { installDevnetSafe } from './installDevnetSafe.ts'
import { localUrlOf } from './localUrlOf.ts'
import { callSolanaDevnet } from './solana/callSolanaDevnet.ts'
import { fundSolanaDevnet } from './solana/fundSolanaDevnet.ts'
import { installDlnSendTable } from './solana/installDlnSendTable.ts'
import { type SolanaDevnetProcess, startSolanaDevnet } from './solana/startSolanaDevnet.ts'
import { createSolver, type Solver } from './solver/createSolver.ts'
import type { SolverPolicy } from './solver/solverBehaviour.ts'
import { startAnvil } from './startAnvil.ts'

/** USDC's real mint on Solana, recreated on the devnet. */
export const SOLANA_USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

/** Options of {@link startDevnet}. */
export type StartDevnetOptions = {
  /**
   * EVM chains to run by internal (deBridge) id, each an anvil with the real chain's native id:
   * 100000002 runs Gnosis as chain 100, its contracts answering 100000002 (docs/dln.md §5).
   * Default [42161, 8453].
   */
  evmChainIds?: number[]
  /** Run the in-process Solana (7565164). Default true. */
  solana?: boolean
  /** Seed of the simulator's market. Default 1. */
  seed?: number
  /** Port of the simulator; 0 (default) picks a free one. */
  simPort?: number
  /**
   * Interface the simulator and every anvil bind. Default 127.0.0.1. 0.0.0.0 exposes chains
   * funded for public test keys to every network this machine is on: for a container network
   * only (deploy/compose.yaml). The returned URLs stay loopback, and so does the wiring between
   * the pieces. The Solana devnet always listens on loopback.
   */
  host?: string
  /**
   * RPC port of each anvil, one per `evmChainIds` entry in its order; 0 picks a free one.
   * Default: a free port for each.
   */
  evmPorts?: number[]
  logger?: Logger
  /** The solver's behaviour; `false` starts no solver. Default: the happy path. */
  solver?: SolverPolicy | false
  /**
   * The gate's own fees for messages to some chains, on every devnet chain (DeBridgeGate
   * `getChainToConfig`). Default: messages to Arbitrum (42161) cost 0.001 native, twice the
   * global 0.0005, so every cancel of an Arbitrum order pays a per-chain fee.
   */
  gateChainFees?: GateChainFee[]
  /** The solver's fill delay in ms when the policy does not say. Default 500. */
  fillDelayMs?: number
  /** Least margin the solver keeps, in bps of the give. Default DEFAULT_SOLVER_MARGIN_BPS. */
  solverMinMarginBps?: number
  /**
   * Overrides of the simulator's quote economics, e.g. a negative `takerMarginBps` for a service
   * that promises more than solvers will pay. Default: the simulator's defaults.
   */
  quoteConfig?: Partial<QuoteConfig>
  /** Deploy the demo treasury Safe (threshold 1, the demo user's key) on every chain. Default false. */
  safe?: boolean
  /**
   * Also deploy the roles-mode treasury on every chain: a Safe owned by the deployer key with a
   * Roles modifier v2 enabled, the demo user's key holding its role (installDevnetRoles).
   * Implies Safe 1.4.1's contracts. Default false.
   */
  roles?: boolean
}

/** The running devnet: chains, contracts, funded demo wallets and the simulator wired to them. */
export type Devnet = {
  evm: DevnetEvmChain[]
  solana: { rpcUrl: string; process: SolanaDevnetProcess; usdcMint: string } | undefined
  sim: StartedSim
  /** The simulated taker; undefined when started with `solver: false`. */
  solver: Solver | undefined
  /** The demo treasury Safe (the same address on every EVM chain), with `safe: true`. */
  treasurySafe: Address | undefined
  /** The roles-mode treasury (the same addresses on every EVM chain), with `roles: true`. */
  treasuryRoles: DevnetRolesTreasury | undefined
  /** Stops the simulator and every chain process; safe to call twice. */
  stop(): Promise<void>
}

/** Messages to Arbitrum cost twice the gate's global fee: a per-chain fee (docs/dln.md §3.5). */
const DEFAULT_GATE_CHAIN_FEES: GateChainFee[] = [
  { chainId: 42161, fixedNativeFeeWei: 1_000_000_000_000_000n, transferFeeBps: 0 },
]

/**
 * Starts the embedded world: anvil chains with the DLN contracts at their canonical addresses,
 * the Solana devnet, funded demo wallets (public test keys, see devnetAccounts), router rates at
 * the market's spot prices, and the service simulator reading real chain state for
 * `enableEstimate` (balances, allowances, eth_estimateGas). The solver is started separately.
 * Everything listens on `host` (default 127.0.0.1); every process stops with
 * {@link Devnet.stop} or with ferry.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const { evmChainIds = [42161, 8453], solana = true, seed = 1, logger = silentLogger } = options
  const { host = '127.0.0.1', evmPorts = evmChainIds.map(() => 0) } = options
  if (evmPorts.length !== evmChainIds.length)
    throw new FerryError('startDevnet: evmPorts needs one port per evmChainIds entry, in order')
  const stops: (() => Promise<void>)[] = []
  const stopAll = async (): Promise<void> => {
    await Promise.allSettled(
      stops
        .splice(0)
        .reverse()
        .map((s) => s()),
    )
  }
  try {
    const [anvils, solanaProcess] = await Promise.all([
      Promise.all(
        evmChainIds.map(async (chainId, i) => {
          const native = CHAINS[chainId as ChainId]?.nativeChainId ?? chainId
          const anvil = await startAnvil({ chainId: native, host, port: evmPorts[i] })
          stops.push(() => anvil.stop())
          return { anvil, chainId: chainId as ChainId }
        }),
      ),
      solana
        ? startSolanaDevnet().then((p) => {
            stops.push(() => p.stop())
            return p
          })
        : Promise.resolve(undefined),
    ])
    const market = createMarket({ seed })
    const solverAccount = devnetEvmAccount('solver')
    const evm = await Promise.all(
      anvils.map(async ({ anvil, chainId }) => {
        const contracts = await installContracts(anvil.rpcUrl, {
          chainId,
          relayer: solverAccount.address,
          gateChainFees: options.gateChainFees ?? DEFAULT_GATE_CHAIN_FEES,
        })
        const client = createPublicClient({
          transport: http(anvil.rpcUrl),
          pollingInterval: 100,
        }) as PublicClient
        await fundEvmChain(anvil, chainId, contracts, client, market)
        const safe = await installDevnetSafe(anvil.rpcUrl, contracts, options.safe === true)
        const roles = options.roles ? await installDevnetRoles(anvil.rpcUrl, contracts) : undefined
        logger.info({ chainId, rpcUrl: anvil.rpcUrl }, 'devnet EVM chain ready')
        return {
          chainId,
          rpcUrl: anvil.rpcUrl,
          anvil,
          client,
          contracts,
          treasurySafe: safe,
          treasuryRoles: roles,
        }
      }),
    )
    const solanaInfo = solanaProcess
      ? await fundSolanaDevnet(solanaProcess, SOLANA_USDC_MINT, {
          user: USER_FUNDS,
          solver: SOLVER_FUNDS,
        })
      : undefined
    if (solanaInfo) await installDlnSendTable(solanaInfo.rpcUrl)
    const clients = new Map(evm.map((c) => [c.chainId as number, c.client]))
    // Jupiter's stand-in prices pre-swaps at the step of the simulator's walking market.
    const simStartMs = Date.now()
    const listening = await startSim({
      port: options.simPort ?? 0,
      host,
      seed,
      // Solana orders go to the devnet's stand-in dln_src at the real program id.
      ...(options.quoteConfig ? { quoteConfig: options.quoteConfig } : {}),
      logger,
      chainState: createDevnetChainState(clients, solanaInfo?.rpcUrl),
      estimateGas: async (req) => {
        const client = clients.get(req.chainId)
        if (!client) throw new Error(`the devnet does not run chain ${req.chainId}`)
        const gas = await client.estimateGas({
          account: req.from as Address,
          to: req.to,
          data: req.data,
          value: req.value,
        })
        // Headroom as the real service gives: estimates are tight by design.
        return Number((gas * 12n) / 10n)
      },
    })
    stops.push(() => listening.close())
    if (solanaInfo) {
      await callSolanaDevnet(solanaInfo.rpcUrl, 'devnet_syncMarket', [seed, simStartMs, 1000])
    }
    // Bound to a wildcard address, the simulator's own URLs would name it: give the loopback ones.
    const local = (url: string): string => localUrlOf(host, Number(new URL(url).port))
    const sim = {
      ...listening,
      baseUrl: local(listening.baseUrl),
      statsUrl: local(listening.statsUrl),
    }
    let solver: Solver | undefined
    if (options.solver !== false) {
      const policy = options.solver ?? {}
      const fillDelayMs = options.fillDelayMs ?? 500
      solver = createSolver({
        evm,
        solana: solanaInfo,
        stats: sim.stats,
        market,
        logger,
        ...(options.solverMinMarginBps === undefined
          ? {}
          : { minMarginBps: options.solverMinMarginBps }),
        policy:
          typeof policy === 'function'
            ? (orderId) => ({ fillDelayMs, ...policy(orderId) })
            : { fillDelayMs, ...policy },
      })
      const started = solver
      stops.push(() => started.stop())
    }
    const treasurySafe = evm[0]?.treasurySafe
    const treasuryRoles = evm[0]?.treasuryRoles
    return { evm, solana: solanaInfo, sim, solver, treasurySafe, treasuryRoles, stop: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}
