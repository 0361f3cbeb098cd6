import { createPublicClient, http } from 'viem'
import {
  type EvmSimulationMethod,
  probeEvmSimulation,
} from '../../chains/verify/probeEvmSimulation.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import type { Logger } from '../../shared/Logger.ts'
import { UsageError } from '../../shared/UsageError.ts'

const SOLANA = 7565164

/** Timeout of one probe call, ms. */
const PROBE_TIMEOUT_MS = 10_000

/** Inputs of {@link checkChainSimulation}. */
export type CheckChainSimulationParams = {
  config: DeepReadonly<Pick<FerryConfig, 'chains'>>
  logger: Logger
  /** The probe; default {@link probeEvmSimulation} over a retry-free HTTP client of the URL. */
  probe?: (rpcUrl: string) => Promise<EvmSimulationMethod | undefined>
}

/**
 * The start-up check of a live run (safety P-8.10): every RPC of every EVM chain must simulate
 * (eth_simulateV1 or debug_traceCall, one probe per RPC: reads fail over to any of them), unless
 * the chain says `verify.simulation: off`, which is logged as a warning. A chain that cannot is a
 * UsageError (exit 2) naming the chain, the RPC's host (never its path or credentials, where API
 * keys live) and the fix; so is an RPC that cannot be reached. Solana is not probed:
 * simulateTransaction is part of the standard Solana RPC API, and the Solana executor already
 * refuses to sign when its simulation fails. Returns the method of each probed RPC, by chain id.
 */
export async function checkChainSimulation(
  params: CheckChainSimulationParams,
): Promise<Record<string, EvmSimulationMethod[]>> {
  const { config, logger } = params
  const probe = params.probe ?? defaultProbe
  const methods: Record<string, EvmSimulationMethod[]> = {}
  await Promise.all(
    Object.entries(config.chains).map(async ([chainId, chain]) => {
      if (Number(chainId) === SOLANA) return
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
          const fix = `use an RPC that serves eth_simulateV1 or debug_traceCall, or set chains.${chainId}.verify.simulation: off`
          let method: EvmSimulationMethod | undefined
          try {
            method = await probe(url)
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
              `chain ${chainId}: the RPC at ${hostOf(url)} can simulate neither with eth_simulateV1 nor with debug_traceCall`,
              fix,
            )
          return method
        }),
      )
    }),
  )
  return methods
}

function defaultProbe(rpcUrl: string): Promise<EvmSimulationMethod | undefined> {
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
