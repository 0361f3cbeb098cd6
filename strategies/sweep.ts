import { z } from 'zod'
import type {
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
import { findBalance } from './findBalance.ts'
import { intentFromQuote } from './intentFromQuote.ts'
import { strategyFields as f } from './strategyFields.ts'

const sourceSchema = z.strictObject({
  chainId: f.chainId,
  /** Token to sweep on this chain. */
  token: f.token,
  /** Left behind on the source, base units (working capital; gas is kept by risk.gasReserve). */
  keepBalance: f.baseUnits.default(0n),
  /** Overrides the top-level minAmount for this source, base units of its token. */
  minAmount: f.baseUnits.optional(),
})

/** Params of {@link sweep}. */
export const sweepParamsSchema = z
  .strictObject({
    /** Where funds are swept from. */
    sources: z.array(sourceSchema).min(1, {
      error: 'is empty — fix: list at least one source chain and token',
    }),
    /** Where they go: the treasury's chain, token and address (a cold wallet or a vault). */
    treasury: z.strictObject({ chainId: f.chainId, token: f.token, address: f.address }),
    /**
     * Smallest sweep worth its fixed fees, base units of the source token: below it the excess
     * waits for the next tick. Default "0".
     */
    minAmount: f.baseUnits.default(0n),
    /** Most a sweep may cost (spread, fees, gas) in bps of its value. Default 50. */
    maxCostBps: f.bps.default(50),
    /** Hook run on arrival at the treasury, e.g. a deposit into a vault contract (P-7.6). */
    hook: f.hook.optional(),
  })
  .superRefine((p, ctx) => {
    p.sources.forEach((s, i) => {
      if (s.chainId === p.treasury.chainId)
        ctx.addIssue({
          code: 'custom',
          path: ['sources', i, 'chainId'],
          message:
            'is the treasury chain — fix: sweep only from other chains (a sweep is cross-chain)',
        })
    })
  })
export type SweepParams = z.infer<typeof sweepParamsSchema>

function plan(snapshot: MarketSnapshot, params: SweepParams): RouteRequest[] {
  const requests: RouteRequest[] = []
  for (const source of params.sources) {
    const balance = findBalance(snapshot, source.chainId, source.token)
    if (balance === undefined) continue
    const excess = balance.amount - source.keepBalance
    const minAmount = source.minAmount ?? params.minAmount
    if (excess <= 0n || excess < minAmount) continue
    const { treasury } = params
    requests.push({
      kind: 'crossChain',
      requestId: `sweep:${source.chainId}:${source.token}`,
      routeId: `${source.chainId}:${source.token}->${treasury.chainId}:${treasury.token}`,
      amountIn: excess,
      recipient: treasury.address,
      srcChainId: source.chainId,
      srcToken: source.token,
      dstChainId: treasury.chainId,
      dstToken: treasury.token,
      ...(params.hook === undefined ? {} : { hook: params.hook }),
    })
  }
  return requests
}

function decide(
  quotes: readonly QuoteObservation[],
  snapshot: MarketSnapshot,
  params: SweepParams,
): DecideResult {
  const intents: Intent[] = []
  const observations: StrategyObservation[] = []
  for (const quote of quotes) {
    const route = quote.request
    if (route.kind !== 'crossChain') continue
    const costBps = quote.costBps
    const acted = Number.isFinite(costBps) && costBps <= params.maxCostBps
    observations.push({
      kind: 'sweep',
      requestIds: [route.requestId],
      atMs: snapshot.nowMs,
      valueBps: Number.isFinite(costBps) ? costBps : undefined,
      thresholdBps: params.maxCostBps,
      acted,
      note: acted
        ? `sweep ${route.amountIn} from ${route.srcChainId} to the treasury on ${route.dstChainId}`
        : `cost ${costBps.toFixed(2)} bps above maxCostBps ${params.maxCostBps}; left for a later tick`,
    })
    if (!acted) continue
    intents.push(
      intentFromQuote(
        route,
        quote,
        `sweep ${route.srcChainId}→${route.dstChainId}: cost ${costBps.toFixed(2)} bps ≤ ${params.maxCostBps}`,
      ),
    )
  }
  return { intents, observations }
}

/** Each source token is given; the treasury token arrives (at the treasury address). */
function tokens(params: SweepParams): StrategyTokens {
  return {
    gives: params.sources.map((s) => ({ chainId: s.chainId, token: s.token })),
    takes: [{ chainId: params.treasury.chainId, token: params.treasury.token }],
  }
}

/**
 * Sweep (treasury bridging): moves everything above keepBalance on each source chain to the
 * treasury address on the treasury chain, with an optional hook on arrival. A sweep runs when the
 * excess is at least minAmount and the quote's full cost (QuoteObservation.costBps) is at most
 * maxCostBps; otherwise the funds wait for a cheaper tick. Pure.
 */
export const sweep: Strategy<SweepParams> = {
  name: 'sweep',
  paramsSchema: sweepParamsSchema,
  plan,
  decide,
  tokens,
}
