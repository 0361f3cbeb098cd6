import { custom, type EIP1193RequestFn, http, type Transport } from 'viem'
import { judgeQuorum, type QuorumAnswer } from './judgeQuorum.ts'
import { RpcQuorumError } from './RpcQuorumError.ts'
import {
  type BreakerPolicy,
  type BreakerState,
  breakerAfter,
  breakerAllows,
  CLOSED,
  DEFAULT_BREAKER_POLICY,
} from './rpcBreaker.ts'

/**
 * Reads that decide money (docs/safety.md P-2.12): balances and allowances (and every contract
 * read: prices, order state), nonces, fee data, logs that prove orders, receipts of terminal
 * states. The rest (estimates, simulations, blocks) fail over URL by URL.
 */
export const QUORUM_METHODS: ReadonlySet<string> = new Set([
  'eth_getBalance',
  'eth_call',
  'eth_getTransactionCount',
  'eth_feeHistory',
  'eth_maxPriorityFeePerGas',
  'eth_gasPrice',
  'eth_getLogs',
  'eth_getTransactionReceipt',
  'eth_chainId',
])

/** What the transport reports: a disagreement (an alert) and breaker changes, by host. */
export type QuorumEvent =
  | { type: 'disagreement'; method: string; detail: string[] }
  | { type: 'breaker'; host: string; state: BreakerState['kind'] }

/** Options of {@link createQuorumTransport}. */
export type QuorumTransportOptions = {
  /** Identical answers a money-deciding read needs. Default: a majority of the URLs. */
  quorum?: number
  breaker?: Partial<BreakerPolicy>
  /** Timeout of each request, ms. Default 10 000. */
  timeoutMs?: number
  /** Retries per URL of a failed request (viem's layer). Default 1. */
  retryCount?: number
  /** Spec chain id, for error messages. */
  chainId?: number
  /** Clock for the breakers, ms. Default Date.now. */
  nowMs?: () => number
  /** fetch of every request (a stop signal's, say). Default the global fetch. */
  fetchFn?: typeof fetch
  onEvent?: (event: QuorumEvent) => void
}

/** The default quorum of `n` URLs: a majority (1 of 1, 2 of 2, 2 of 3, 3 of 5). */
export function defaultQuorum(n: number): number {
  return Math.floor(n / 2) + 1
}

/**
 * A viem transport over several RPC URLs of one chain (docs/safety.md §2): money-deciding reads
 * ({@link QUORUM_METHODS}) go to every URL whose breaker lets them and need `quorum` identical
 * answers ({@link judgeQuorum}): a disagreement is refused and reported, never settled by a pick.
 * Reads at `latest` are pinned first to the lowest head the URLs report, so an honest node a
 * block behind does not look like a liar. Other reads fail over in order. Each URL has a circuit
 * breaker ({@link breakerAllows}): after repeated failures it gets no requests until a half-open
 * probe succeeds.
 */
export function createQuorumTransport(
  urls: readonly string[],
  options: QuorumTransportOptions = {},
): Transport {
  const quorum = options.quorum ?? defaultQuorum(urls.length)
  const policy = { ...DEFAULT_BREAKER_POLICY, ...options.breaker }
  const nowMs = options.nowMs ?? Date.now
  const nodes = urls.map((url) => ({
    host: hostOf(url),
    request: http(url, {
      batch: true,
      timeout: options.timeoutMs ?? 10_000,
      retryCount: options.retryCount ?? 1,
      ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
    })({ retryCount: 0 }).request as EIP1193RequestFn,
    breaker: CLOSED as BreakerState,
  }))

  async function ask(node: (typeof nodes)[number], method: string, params: unknown) {
    const gate = breakerAllows(node.breaker, nowMs())
    setBreaker(node, gate.next)
    if (!gate.allow) throw new Error('circuit breaker open')
    try {
      const result = await node.request({ method, params } as never)
      setBreaker(node, breakerAfter(node.breaker, true, nowMs(), policy))
      return result
    } catch (error) {
      setBreaker(node, breakerAfter(node.breaker, false, nowMs(), policy))
      throw error
    }
  }

  function setBreaker(node: (typeof nodes)[number], next: BreakerState): void {
    if (next.kind !== node.breaker.kind) {
      options.onEvent?.({ type: 'breaker', host: node.host, state: next.kind })
    }
    node.breaker = next
  }

  async function askAll(method: string, params: unknown): Promise<QuorumAnswer[]> {
    return Promise.all(
      nodes.map(async (node): Promise<QuorumAnswer> => {
        try {
          return {
            host: node.host,
            ok: true,
            json: JSON.stringify(await ask(node, method, params)),
          }
        } catch (error) {
          return { host: node.host, ok: false, error: (error as Error).message }
        }
      }),
    )
  }

  async function agreed(method: string, params: unknown, nullIsNotYet = false) {
    const verdict = judgeQuorum(await askAll(method, params), quorum, { nullIsNotYet })
    if (verdict.kind === 'agreed') return JSON.parse(verdict.json) as unknown
    if (verdict.kind === 'disagreement') {
      options.onEvent?.({ type: 'disagreement', method, detail: verdict.detail })
    }
    throw new RpcQuorumError(verdict.kind, method, options.chainId, verdict.detail)
  }

  // Reads that start while a head is being asked for share that answer: a tick's batch of balance
  // and allowance reads costs one round of eth_blockNumber, not one each.
  let headInFlight: Promise<string> | undefined
  function commonHead(): Promise<string> {
    headInFlight ??= readCommonHead().finally(() => {
      headInFlight = undefined
    })
    return headInFlight
  }

  /** The lowest head of the URLs that answer, as a hex block number: reads pin to it. */
  async function readCommonHead(): Promise<string> {
    const heads = (await askAll('eth_blockNumber', []))
      .flatMap((a) => (a.ok ? [BigInt(JSON.parse(a.json) as string)] : []))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    if (heads.length < quorum) {
      throw new RpcQuorumError('unavailable', 'eth_blockNumber', options.chainId, [
        `${heads.length} of ${nodes.length} answered, ${quorum} must`,
      ])
    }
    return `0x${heads[0]!.toString(16)}`
  }

  async function failover(method: string, params: unknown): Promise<unknown> {
    let last: unknown
    for (const node of nodes) {
      try {
        return await ask(node, method, params)
      } catch (error) {
        last = error
      }
    }
    throw last
  }

  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    if (nodes.length === 1 || !QUORUM_METHODS.has(method)) return failover(method, params)
    if (method === 'eth_getTransactionReceipt') return agreed(method, params, true)
    const pinned = await pinLatest(method, params as unknown[] | undefined, commonHead)
    return agreed(method, pinned)
  }) as EIP1193RequestFn
  return custom({ request }, { retryCount: 0 })
}

/** Where each pinnable read takes its block parameter. */
const BLOCK_PARAM_AT: Readonly<Record<string, number>> = {
  eth_getBalance: 1,
  eth_call: 1,
  eth_getTransactionCount: 1,
  eth_feeHistory: 1,
}

/** `params` with a `latest` (or missing) block replaced by the common head, where it has one. */
async function pinLatest(
  method: string,
  params: unknown[] | undefined,
  head: () => Promise<string>,
): Promise<unknown[] | undefined> {
  const list = [...(params ?? [])]
  const at = BLOCK_PARAM_AT[method]
  if (at !== undefined) {
    if (list[at] === undefined || list[at] === 'latest') list[at] = await head()
    return list
  }
  if (method === 'eth_getLogs') {
    const filter = { ...(list[0] as Record<string, unknown>) }
    if (filter.blockHash === undefined && (filter.toBlock ?? 'latest') === 'latest') {
      filter.toBlock = await head()
    }
    return [filter, ...list.slice(1)]
  }
  return list
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'an RPC'
  }
}
