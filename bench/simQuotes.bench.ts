import autocannon, { type AutocannonResult } from 'autocannon'
import { startSim } from '../src/sim/startSim.ts'
import type { BenchResult } from './run.ts'

/** What {@link run} prints, as numbers. */
export type SimQuotesBenchResult = BenchResult & {
  /** Median create-tx answers per second (tx built, schema self-check on). */
  quotesPerSecond: number
  /** Median /health answers per second on the same server. */
  healthPerSecond: number
  /** quotesPerSecond / healthPerSecond. */
  ratio: number
}

/** Requests per measured round; bounded so the benchmark ends in seconds. */
const AMOUNT = 4_000
const CONNECTIONS = 16
const ROUNDS = 3
const MIN_QUOTES_PER_SECOND = 1_000
const MIN_RATIO = 0.25

const MAKER = '0x1111111111111111111111111111111111111111'
const QUERY = new URLSearchParams({
  srcChainId: '42161',
  srcChainTokenIn: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  srcChainTokenInAmount: '100000000',
  dstChainId: '8453',
  dstChainTokenOut: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  dstChainTokenOutAmount: 'auto',
  dstChainTokenOutRecipient: MAKER,
  srcChainOrderAuthorityAddress: MAKER,
  dstChainOrderAuthorityAddress: MAKER,
  prependOperatingExpenses: 'true',
})

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function load(url: string, amount: number): Promise<number> {
  const result: AutocannonResult = await autocannon({ url, amount, connections: CONNECTIONS })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx and ${result.errors} errors`)
  }
  return result['2xx'] / result.duration
}

/**
 * create-tx quotes per second served by the simulator (real builders, a full EVM order tx per
 * answer) under a bounded loopback load, side by side with /health on the same server.
 * Rounds alternate the two routes so both see the same machine state; the medians are compared.
 * Targets: >= 1,000 quotes/s and a quote/health ratio >= 0.25.
 */
export async function run(): Promise<SimQuotesBenchResult> {
  const server = await startSim()
  try {
    const quoteUrl = `${server.baseUrl}/v1.0/net/order/create-tx?${QUERY}`
    const healthUrl = `${server.baseUrl}/health`
    // Warm-up: JIT and connection set-up out of the measured rounds.
    await load(quoteUrl, AMOUNT / 4)
    await load(healthUrl, AMOUNT / 4)
    const quotes: number[] = []
    const health: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      health.push(await load(healthUrl, AMOUNT))
      quotes.push(await load(quoteUrl, AMOUNT))
    }
    const quotesPerSecond = median(quotes)
    const healthPerSecond = median(health)
    const ratio = quotesPerSecond / healthPerSecond
    console.log(`load: ${ROUNDS} rounds x ${AMOUNT} requests, ${CONNECTIONS} connections, loopback`)
    console.log(`/health      median ${healthPerSecond.toFixed(0)} req/s`)
    console.log(
      `create-tx    median ${quotesPerSecond.toFixed(0)} quotes/s (target >= ${MIN_QUOTES_PER_SECOND})`,
    )
    console.log(`ratio        ${ratio.toFixed(2)} (target >= ${MIN_RATIO})`)
    return {
      name: 'sim create-tx quotes/s vs /health',
      target: `${quotesPerSecond.toFixed(0)} quotes/s >= ${MIN_QUOTES_PER_SECOND}, ratio ${ratio.toFixed(2)} >= ${MIN_RATIO}`,
      met: quotesPerSecond >= MIN_QUOTES_PER_SECOND && ratio >= MIN_RATIO,
      quotesPerSecond,
      healthPerSecond,
      ratio,
    }
  } finally {
    await server.close()
  }
}
