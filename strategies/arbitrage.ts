import { z } from 'zod'
import { aggregatorEdgeBps } from '../src/common/strategy/aggregatorEdgeBps.ts'
import { changeBps } from '../src/common/strategy/changeBps.ts'
import type {
  CrossChainRouteRequest,
  Intent,
  MarketSnapshot,
  QuoteObservation,
  RouteRequest,
  StrategyObservation,
} from '../src/common/strategy/marketTypes.ts'
import type {
  DecideResult,
  Strategy,
  StrategyTokens,
} from '../src/common/strategy/strategyContract.ts'
import { strategyFields as f } from './strategyFields.ts'

const swapPairSchema = z.strictObject({
  chainId: f.chainId,
  tokenIn: f.token,
  tokenOut: f.token,
  /** Size quoted, base units of tokenIn. */
  amountIn: f.baseUnits,
})

const roundTripSchema = z.strictObject({
  chainA: f.chainId,
  tokenA: f.token,
  chainB: f.chainId,
  tokenB: f.token,
  /** Size of the A→B leg, base units of tokenA. */
  amountIn: f.baseUnits,
  /**
   * Size of the B→A leg quoted at the same time, base units of tokenB: about what the first leg
   * yields. Its result is scaled to the first leg's actual output.
   */
  returnAmountIn: f.baseUnits,
})

/** Params of {@link arbitrage}. */
export const arbitrageParamsSchema = z
  .strictObject({
    /**
     * Paper mode (default true): quote and record observations, never emit an intent. Turn it off
     * only with risk caps sized for losing the whole order.
     */
    paper: z.boolean().default(true),
    /** Single-chain pairs whose quote is compared with its comparedAggregators. */
    swapPairs: z.array(swapPairSchema).default([]),
    /** Edge over the best other aggregator needed to act, bps. Default 20. */
    minEdgeBps: f.signedBps.default(20),
    /** Cross-chain round trips A→B→A, both legs quoted in the same tick. */
    roundTrips: z.array(roundTripSchema).default([]),
    /** Round-trip profit needed to act, bps of the A input, net of all costs. Default 30. */
    minProfitBps: f.signedBps.default(30),
  })
  .refine((p) => p.swapPairs.length + p.roundTrips.length > 0, {
    error: 'has nothing to watch — fix: add swapPairs or roundTrips',
  })
export type ArbitrageParams = z.infer<typeof arbitrageParamsSchema>

function ownerOn(snapshot: MarketSnapshot, chainId: number): string | undefined {
  return snapshot.balances.find((b) => b.chainId === chainId)?.owner
}

function plan(snapshot: MarketSnapshot, params: ArbitrageParams): RouteRequest[] {
  const requests: RouteRequest[] = []
  params.swapPairs.forEach((pair, i) => {
    const owner = ownerOn(snapshot, pair.chainId)
    if (owner === undefined) return
    requests.push({
      kind: 'swap',
      requestId: `arbitrage:swap:${i}`,
      routeId: `${pair.chainId}:${pair.tokenIn}->${pair.chainId}:${pair.tokenOut}`,
      amountIn: pair.amountIn,
      recipient: owner,
      chainId: pair.chainId,
      tokenIn: pair.tokenIn,
      tokenOut: pair.tokenOut,
    })
  })
  params.roundTrips.forEach((trip, i) => {
    const ownerA = ownerOn(snapshot, trip.chainA)
    const ownerB = ownerOn(snapshot, trip.chainB)
    if (ownerA === undefined || ownerB === undefined) return
    requests.push(
      leg(
        `arbitrage:trip:${i}:out`,
        trip.chainA,
        trip.tokenA,
        trip.chainB,
        trip.tokenB,
        trip.amountIn,
        ownerB,
      ),
      leg(
        `arbitrage:trip:${i}:back`,
        trip.chainB,
        trip.tokenB,
        trip.chainA,
        trip.tokenA,
        trip.returnAmountIn,
        ownerA,
      ),
    )
  })
  return requests
}

function leg(
  requestId: string,
  srcChainId: number,
  srcToken: string,
  dstChainId: number,
  dstToken: string,
  amountIn: bigint,
  recipient: string,
): CrossChainRouteRequest {
  return {
    kind: 'crossChain',
    requestId,
    routeId: `${srcChainId}:${srcToken}->${dstChainId}:${dstToken}`,
    amountIn,
    recipient,
    srcChainId,
    srcToken,
    dstChainId,
    dstToken,
  }
}

/**
 * Net profit of a round trip, bps of the A input: the B→A leg's output scaled to what the A→B leg
 * actually yields, against the A input, minus both legs' native costs in bps of the input value.
 */
export function roundTripProfitBps(out: QuoteObservation, back: QuoteObservation): number {
  if (back.amountIn === 0n) return Number.NEGATIVE_INFINITY
  const finalA = (back.amountOut * out.amountOut) / back.amountIn
  const gasUsd = out.nativeCostUsd + back.nativeCostUsd
  const gasBps = out.amountInUsd > 0 ? (gasUsd / out.amountInUsd) * 10_000 : 0
  return changeBps(out.amountIn, finalA) - gasBps
}

function toIntent(quote: QuoteObservation, reason: string): Intent {
  const route = quote.request
  return {
    route,
    quote,
    amountIn: route.amountIn,
    minAmountOut: quote.minAmountOut,
    recipient: route.recipient,
    notionalUsd: quote.amountInUsd,
    reason,
  }
}

function decide(
  quotes: readonly QuoteObservation[],
  snapshot: MarketSnapshot,
  params: ArbitrageParams,
): DecideResult {
  const intents: Intent[] = []
  const observations: StrategyObservation[] = []
  const byId = new Map(quotes.map((q) => [q.request.requestId, q]))
  const mode = params.paper ? 'paper' : 'live'
  for (const quote of quotes) {
    if (quote.request.kind !== 'swap') continue
    const edgeBps = aggregatorEdgeBps(quote)
    const clears = edgeBps !== undefined && edgeBps >= params.minEdgeBps
    const acted = clears && !params.paper
    observations.push({
      kind: 'aggregatorEdge',
      requestIds: [quote.request.requestId],
      atMs: snapshot.nowMs,
      valueBps: edgeBps,
      thresholdBps: params.minEdgeBps,
      acted,
      note:
        edgeBps === undefined
          ? 'no compared aggregators in the quote'
          : `${mode}: edge ${edgeBps.toFixed(2)} bps vs minEdgeBps ${params.minEdgeBps}${clears ? ' (clears)' : ''}`,
    })
    if (acted) intents.push(toIntent(quote, `aggregator edge ${edgeBps?.toFixed(2)} bps`))
  }
  params.roundTrips.forEach((trip, i) => {
    const out = byId.get(`arbitrage:trip:${i}:out`)
    const back = byId.get(`arbitrage:trip:${i}:back`)
    const requestIds = [`arbitrage:trip:${i}:out`, `arbitrage:trip:${i}:back`]
    if (out === undefined || back === undefined) {
      observations.push({
        kind: 'roundTrip',
        requestIds,
        atMs: snapshot.nowMs,
        valueBps: undefined,
        thresholdBps: params.minProfitBps,
        acted: false,
        note: 'a leg was not quoted; nothing to compare',
      })
      return
    }
    const profitBps = roundTripProfitBps(out, back)
    const clears = profitBps >= params.minProfitBps
    const acted = clears && !params.paper
    observations.push({
      kind: 'roundTrip',
      requestIds,
      atMs: snapshot.nowMs,
      valueBps: profitBps,
      thresholdBps: params.minProfitBps,
      acted,
      note: `${mode}: round trip ${trip.chainA}→${trip.chainB}→${trip.chainA} nets ${profitBps.toFixed(2)} bps vs minProfitBps ${params.minProfitBps}`,
    })
    // Only the first leg: the way back is planned again once this leg is filled (P-4.5, never
    // more than one leg in flight without the previous one final).
    if (acted)
      intents.push(toIntent(out, `round trip nets ${profitBps.toFixed(2)} bps, leg 1 of 2`))
  })
  return { intents, observations }
}

/**
 * Paper mode emits no intent, so nothing moves. Otherwise a swap gives tokenIn and takes tokenOut,
 * and a round trip's first leg gives tokenA and takes tokenB (its way back is the reverse).
 */
function tokens(params: ArbitrageParams): StrategyTokens {
  if (params.paper) return { gives: [], takes: [] }
  const a = params.roundTrips.map((r) => ({ chainId: r.chainA, token: r.tokenA }))
  const b = params.roundTrips.map((r) => ({ chainId: r.chainB, token: r.tokenB }))
  return {
    gives: [...params.swapPairs.map((p) => ({ chainId: p.chainId, token: p.tokenIn })), ...a, ...b],
    takes: [
      ...params.swapPairs.map((p) => ({ chainId: p.chainId, token: p.tokenOut })),
      ...a,
      ...b,
    ],
  }
}

/**
 * Arbitrage (experiments). Two signals, each recorded as an observation every tick whether acted
 * on or not:
 * - a single-chain swap quote against its comparedAggregators: the edge in bps over the best
 *   other aggregator, acted on at `minEdgeBps` or more;
 * - a cross-chain round trip A→B→A with both legs quoted now: the profit net of all costs, acted
 *   on (first leg only) at `minProfitBps` or more.
 * In paper mode (the default) no intent is ever emitted. Pure.
 */
export const arbitrage: Strategy<ArbitrageParams> = {
  name: 'arbitrage',
  paramsSchema: arbitrageParamsSchema,
  plan,
  decide,
  tokens,
}
