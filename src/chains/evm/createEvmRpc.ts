import { type Chain, createPublicClient, type Hex, http, type PublicClient } from 'viem'
import { createQuorumTransport, type QuorumEvent } from './createQuorumTransport.ts'
import type { BreakerPolicy } from './rpcBreaker.ts'

/** The RPC of one EVM chain, split by retry policy (safety P-3.1, P-2.13). */
export type EvmRpc = {
  /** Reads: JSON-RPC batching on (calls made in the same tick share one HTTP request). */
  read: PublicClient
  /**
   * The same reads, aborted at once when `stopSignal` fires: for the tick's balance reads, which
   * a stop gives up. `read` is not cut, since a send under way follows its receipt through it.
   */
  readUntilStop: PublicClient
  /** eth_sendRawTransaction exactly once: no retry layer; a lost answer is reconciled by hash. */
  sendRawTransaction(rawTx: Hex): Promise<Hex>
}

/** Options of {@link createEvmRpc}. */
export type CreateEvmRpcOptions = {
  /** Timeout of each read in ms. Default 10 000 (P-3.2). */
  readTimeoutMs?: number
  /** Retries of a failed read (viem's own layer, the only one). Default 2. */
  readRetryCount?: number
  /** Timeout of a send in ms; past it the send is `unknown`. Default 10 000. */
  sendTimeoutMs?: number
  /** viem chain object, when known (only its id and formatters are used). */
  chain?: Chain
  /**
   * Where signed transactions go instead of the first read URL: a private-transaction RPC, say,
   * so a pre-swap is not exposed to the public mempool. Reads never use it. Default: rpcUrls[0].
   */
  sendUrl?: string
  /** Identical answers a money-deciding read needs from the URLs. Default: a majority. */
  quorum?: number
  /** Circuit breaker of each URL. Default: 3 failures open it for 30 s. */
  breaker?: Partial<BreakerPolicy>
  /** Spec chain id, named in quorum errors. */
  chainId?: number
  /** Disagreements between the URLs (an alert) and breaker changes. */
  onEvent?: (event: QuorumEvent) => void
  /** Clock of the breakers, ms. Default Date.now. */
  nowMs?: () => number
  /** Aborts the pending requests of `readUntilStop` (ferry's first Ctrl-C). Default none. */
  stopSignal?: AbortSignal
}

/**
 * Creates the RPC pair of one chain: a batching read client with viem's retry as the one retry
 * layer, and a send path with `retryCount: 0` (P-3.1, P-2.13). With several URLs, reads that
 * decide money need a quorum of identical answers and the others fail over in order, each URL
 * behind a circuit breaker (createQuorumTransport, docs/safety.md §2); sends go to one endpoint
 * only, `sendUrl` when set,
 * else the first read URL, since a failover mempool is no source of truth for what was sent
 * (P-2.6): a lost send is reconciled by hash.
 */
export function createEvmRpc(
  rpcUrls: string | readonly string[],
  options: CreateEvmRpcOptions = {},
): EvmRpc {
  const urls = typeof rpcUrls === 'string' ? [rpcUrls] : [...rpcUrls]
  if (urls.length === 0) throw new Error('createEvmRpc needs at least one RPC URL')
  const readClient = (stop: AbortSignal | undefined): PublicClient => {
    const fetchFn = stop ? { fetchFn: stoppableFetch(stop) } : {}
    const readTransport = (url: string) =>
      http(url, {
        batch: true,
        timeout: options.readTimeoutMs ?? 10_000,
        retryCount: options.readRetryCount ?? 2,
        ...fetchFn,
      })
    return createPublicClient({
      chain: options.chain,
      transport:
        urls.length === 1
          ? readTransport(urls[0]!)
          : createQuorumTransport(urls, {
              timeoutMs: options.readTimeoutMs ?? 10_000,
              ...fetchFn,
              ...(options.quorum === undefined ? {} : { quorum: options.quorum }),
              ...(options.breaker === undefined ? {} : { breaker: options.breaker }),
              ...(options.chainId === undefined ? {} : { chainId: options.chainId }),
              ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
              ...(options.nowMs === undefined ? {} : { nowMs: options.nowMs }),
            }),
    }) as PublicClient
  }
  const read = readClient(undefined)
  const readUntilStop = options.stopSignal ? readClient(options.stopSignal) : read
  const sender = createPublicClient({
    transport: http(options.sendUrl ?? urls[0]!, {
      timeout: options.sendTimeoutMs ?? 10_000,
      retryCount: 0,
    }),
  })
  return {
    read,
    readUntilStop,
    sendRawTransaction: (rawTx) =>
      sender.request({ method: 'eth_sendRawTransaction', params: [rawTx] }, { retryCount: 0 }),
  }
}

/** fetch whose every request also aborts when `stop` does. */
function stoppableFetch(stop: AbortSignal): typeof fetch {
  return (input, init) =>
    fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, stop]) : stop })
}
