import { createPublicClient, http } from 'viem'
import type { Logger } from '../../common/Logger.ts'
import { UsageError } from '../../common/UsageError.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { type EvmSimulationMethod, probeEvmSimulation } from '../../verify/probeEvmSimulation.ts'
import { probeSolanaSimulation } from '../../verify/probeSolanaSimulation.ts'

const SOLANA = 7565164
/** Payer of the Solana probe when no Solana wallet is configured: any key will do (no signature). */
const ANY_SOLANA_KEY = 'So11111111111111111111111111111111111111112'

/** Timeout of one probe call, ms. */
const PROBE_TIMEOUT_MS = 10_000

/** Inputs of {@link checkChainSimulation}. */
export type CheckChainSimulationParams = {
  config: DeepReadonly<Pick<FerryConfig, 'chains' | 'wallets'>>
  logger: Logger
}

/** How one RPC simulates: an EVM method, `simulateTransaction` on Solana, or undefined: it cannot. */
export type SimulationMethod = EvmSimulationMethod | 'simulateTransaction'

/**
 * The start-up check of a live run (safety P-8.10): every RPC of every chain must simulate, one
 * probe per RPC (reads fail over to any of them): EVM eth_simulateV1, else debug_traceCall;
 * Solana simulateTransaction (an unsigned 0-lamport self-transfer from ferry's Solana address).
 * A chain that says `verify.simulation: off` is not probed and is logged as a warning. A chain
 * that cannot simulate is a UsageError (exit 2) naming the chain, the RPC's host (never its path
 * or credentials, where API keys live) and the fix; so is an RPC that does not answer the probe.
 * Returns the method of each probed RPC, by chain id.
 */
export async function checkChainSimulation(
  params: CheckChainSimulationParams,
): Promise<Record<string, SimulationMethod[]>> {
  const { config, logger } = params
  const payer = config.wallets.solana?.address ?? ANY_SOLANA_KEY
  const probe = (chainId: string, url: string): Promise<SimulationMethod | undefined> =>
    Number(chainId) === SOLANA
      ? probeSolanaSimulation({ rpcUrl: url, payer, timeoutMs: PROBE_TIMEOUT_MS }).then((ok) =>
          ok ? 'simulateTransaction' : undefined,
        )
      : probeEvm(url)
  const methods: Record<string, SimulationMethod[]> = {}
  await Promise.all(
    Object.entries(config.chains).map(async ([chainId, chain]) => {
      // The same pass over each chain's RPCs at a live start: one RPC decides alone (P-2.12),
      // unless the config says so on purpose (rpcQuorum: 1).
      if (
        chain.rpcUrls.length === 1 &&
        chain.rpcQuorum === undefined &&
        Number(chainId) !== SOLANA
      ) {
        logger.warn(
          { chainId: Number(chainId), host: hostOf(chain.rpcUrls[0]!) },
          `one RPC decides balances, nonces and fees on chain ${chainId} alone: list two or three independent ones in chains.${chainId}.rpcUrls so a lying or lagging one is refused, or set chains.${chainId}.rpcQuorum: 1 to accept it`,
        )
      }
      if (chain.verify.simulation === 'off') {
        logger.warn(
          { chainId: Number(chainId) },
          'value-flow simulation is off for this chain (chains.<id>.verify.simulation: off): transactions are signed without being simulated first',
        )
        return
      }
      methods[chainId] = await Promise.all(
        chain.rpcUrls.map(async (url, i) => {
          const field = `chains.${chainId}.rpcUrls[${i}]`
          const methodsText =
            Number(chainId) === SOLANA ? 'simulateTransaction' : 'eth_simulateV1 or debug_traceCall'
          const fix = `use an RPC that serves ${methodsText}, or set chains.${chainId}.verify.simulation: off`
          let method: SimulationMethod | undefined
          try {
            method = await probe(chainId, url)
          } catch {
            throw new UsageError(
              field,
              `chain ${chainId}: the RPC at ${hostOf(url)} did not answer the simulation probe`,
              `check that it is reachable; ${fix}`,
            )
          }
          if (method === undefined)
            throw new UsageError(
              field,
              `chain ${chainId}: the RPC at ${hostOf(url)} cannot simulate (no ${methodsText})`,
              fix,
            )
          return method
        }),
      )
    }),
  )
  return methods
}

function probeEvm(rpcUrl: string): Promise<EvmSimulationMethod | undefined> {
  const client = createPublicClient({
    transport: http(rpcUrl, { retryCount: 0, timeout: PROBE_TIMEOUT_MS }),
  })
  return probeEvmSimulation(client)
}

/** The URL's host (and port): never its path, query or user info, which may hold API keys. */
function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return '(unparsable URL)'
  }
}
