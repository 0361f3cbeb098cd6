import { HttpRequestError, type PublicClient, RpcRequestError, zeroAddress } from 'viem'

/** How an EVM RPC can simulate a transaction for the value-flow checks (safety P-8.1). */
export type EvmSimulationMethod = 'eth_simulateV1' | 'debug_traceCall'

// A 0-value call from the zero address to itself: valid on every chain, no state needed.
const trivialCall = { from: zeroAddress, to: zeroAddress, value: '0x0' } as const

/**
 * Asks an EVM RPC which simulation it serves (safety P-8.10): one `eth_simulateV1` of a trivial
 * call, and only when that is refused, one `debug_traceCall` with callTracer. Returns the first
 * method that answers, or undefined when the RPC refuses both (a JSON-RPC error such as "method
 * not found", or an HTTP 4xx). A network failure, a timeout, a 5xx or a 429 says nothing about
 * support and rejects instead, so a flaky RPC is never mistaken for one that cannot simulate.
 * Pass a client without retries (each probe is one call).
 */
export async function probeEvmSimulation(
  client: Pick<PublicClient, 'request'>,
): Promise<EvmSimulationMethod | undefined> {
  const request = client.request as (args: {
    method: string
    params: unknown[]
  }) => Promise<unknown>
  try {
    await request({
      method: 'eth_simulateV1',
      params: [{ blockStateCalls: [{ calls: [trivialCall] }] }, 'latest'],
    })
    return 'eth_simulateV1'
  } catch (error) {
    if (!isRefusal(error)) throw error
  }
  try {
    await request({
      method: 'debug_traceCall',
      params: [trivialCall, 'latest', { tracer: 'callTracer' }],
    })
    return 'debug_traceCall'
  } catch (error) {
    if (!isRefusal(error)) throw error
  }
  return undefined
}

/** Whether the RPC answered "no" (it is up, it will not do this), not "cannot answer now". */
function isRefusal(error: unknown): boolean {
  const walk = (e: unknown): boolean => {
    // -32005: over a rate or size limit, which says nothing about support.
    if (e instanceof RpcRequestError) return e.code !== -32005
    if (e instanceof HttpRequestError)
      return e.status !== undefined && e.status >= 400 && e.status < 500 && e.status !== 429
    const cause = (e as { cause?: unknown } | undefined)?.cause
    return cause !== undefined && cause !== e && walk(cause)
  }
  return walk(error)
}
