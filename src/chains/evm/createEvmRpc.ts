import { type Chain, createPublicClient, type Hex, http, type PublicClient } from 'viem'

/** The RPC of one EVM chain, split by retry policy (safety P-3.1, P-2.13). */
export type EvmRpc = {
  /** Reads: JSON-RPC batching on (calls made in the same tick share one HTTP request). */
  read: PublicClient
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
}

/**
 * Creates the RPC pair of one chain: a batching read client with viem's retry as the one retry
 * layer, and a send path with `retryCount: 0` (P-3.1, P-2.13).
 */
export function createEvmRpc(rpcUrl: string, options: CreateEvmRpcOptions = {}): EvmRpc {
  const read = createPublicClient({
    chain: options.chain,
    transport: http(rpcUrl, {
      batch: true,
      timeout: options.readTimeoutMs ?? 10_000,
      retryCount: options.readRetryCount ?? 2,
    }),
  }) as PublicClient
  const sender = createPublicClient({
    transport: http(rpcUrl, { timeout: options.sendTimeoutMs ?? 10_000, retryCount: 0 }),
  })
  return {
    read,
    sendRawTransaction: (rawTx) =>
      sender.request({ method: 'eth_sendRawTransaction', params: [rawTx] }, { retryCount: 0 }),
  }
}
