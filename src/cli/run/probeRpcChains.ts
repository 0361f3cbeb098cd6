import { CHAINS } from '../../chains/chainRegistry.ts'
import type { ConfigProblem } from '../../settings/ConfigError.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { hostOf, reasonOf } from './probeReason.ts'

/** What {@link probeRpcChains} found; `wrongChain` are the problems of RPCs serving another chain. */
export type RpcChainsProbe = {
  works: string[]
  problems: ConfigProblem[]
  wrongChain: ConfigProblem[]
}

/**
 * Asks each RPC of `chains` which chain it serves (EVM `eth_chainId`; Solana answers
 * `getGenesisHash`), all at once, each bounded by `timeoutMs`: an RPC of another chain is a
 * problem naming it and the chain it is listed under; one that does not answer is a problem too.
 * URLs are shown by host only.
 */
export async function probeRpcChains(
  config: DeepReadonly<FerryConfig>,
  timeoutMs: number,
): Promise<RpcChainsProbe> {
  const found: RpcChainsProbe = { works: [], problems: [], wrongChain: [] }
  const probes: Promise<void>[] = []
  for (const [id, chain] of Object.entries(config.chains)) {
    const info = CHAINS[Number(id) as keyof typeof CHAINS]
    if (!info) continue
    for (const [i, url] of chain.rpcUrls.entries()) {
      if (url === 'embedded') continue
      probes.push(probeOne(id, i, url, info, timeoutMs, found))
    }
  }
  await Promise.all(probes)
  return found
}

async function probeOne(
  id: string,
  i: number,
  url: string,
  info: (typeof CHAINS)[keyof typeof CHAINS],
  timeoutMs: number,
  found: RpcChainsProbe,
): Promise<void> {
  const path = `chains.${id}.rpcUrls[${i}]`
  const solana = info.kind === 'solana'
  try {
    const result = await rpcCall(url, solana ? 'getGenesisHash' : 'eth_chainId', timeoutMs)
    if (solana) {
      found.works.push(`${path}: ${hostOf(url)} answers, ${info.name} (genesis ${String(result)})`)
      return
    }
    const answered = Number.parseInt(String(result), 16)
    if (answered === info.nativeChainId) {
      found.works.push(`${path}: ${hostOf(url)} is ${info.name} (chain id ${answered})`)
      return
    }
    const wrong = {
      path,
      problem: `${hostOf(url)} is chain ${answered}, not ${info.name} (${info.nativeChainId})`,
      fix: `give an RPC of ${info.name} under chains.${id}`,
    }
    found.problems.push(wrong)
    found.wrongChain.push(wrong)
  } catch (error) {
    found.problems.push({
      path,
      problem: `${hostOf(url)} does not answer JSON-RPC (${reasonOf(error)})`,
      fix: 'check the URL (and its API key), the network and the provider',
    })
  }
}

async function rpcCall(url: string, method: string, timeoutMs: number): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } }
  if (body.result === undefined) throw new Error(body.error?.message ?? 'no result')
  return body.result
}
