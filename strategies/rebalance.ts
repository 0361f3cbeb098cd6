import { z } from 'zod'
import { changeBps, fromCommonScale, toCommonScale } from '../src/common/strategy/changeBps.ts'
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
import { findBalance, sameToken } from './findBalance.ts'
import { intentFromQuote } from './intentFromQuote.ts'
import { strategyFields as f } from './strategyFields.ts'

const chainTargetSchema = z.strictObject({
  chainId: f.chainId,
  /** The asset's token address on this chain. */
  token: f.token,
  /** Amount to hold here, base units of this chain's token. Use this or weightBps on all chains. */
  targetAmount: f.baseUnits.optional(),
  /** Share of the total to hold here, bps; the weights add up to 10 000. */
  weightBps: f.bps.optional(),
  /** Hook run on arrival when ferry moves funds *to* this chain, e.g. a vault deposit. */
  hook: f.hook.optional(),
})

/** Params of {@link rebalance}. */
export const rebalanceParamsSchema = z
  .strictObject({
    /** The chains holding the asset, with their targets. At least two. */
    chains: z.array(chainTargetSchema).min(2, {
      error: 'needs at least two chains — fix: list every chain holding the asset',
    }),
    /**
     * Band around each target, bps of the target: no move while every chain is inside
     * target ± band. Wider = fewer, larger moves (fewer fees). Default 500 (5%).
     */
    toleranceBps: f.bps.default(500),
    /** Most a move may lose (recommended output + gas vs input), bps. Default 30. */
    maxCostBps: f.bps.default(30),
    /** Smallest move worth its fixed fees, base units of the source token. Default "0". */
    minMoveAmount: f.baseUnits.default(0n),
    /** Largest single move, base units of the source token; unset = no cap (risk caps still hold). */
    maxMoveAmount: f.baseUnits.optional(),
  })
  .superRefine((p, ctx) => {
    const byAmount = p.chains.filter((c) => c.targetAmount !== undefined).length
    const byWeight = p.chains.filter((c) => c.weightBps !== undefined).length
    if (
      !(byAmount === p.chains.length && byWeight === 0) &&
      !(byWeight === p.chains.length && byAmount === 0)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['chains'],
        message:
          'mixes or lacks targets — fix: give every chain a targetAmount, or every chain a weightBps',
      })
    } else if (byWeight > 0 && p.chains.reduce((s, c) => s + (c.weightBps ?? 0), 0) !== 10_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['chains'],
        message: 'weights do not add up to 10000 — fix: make the weightBps sum 10000',
      })
    }
    const ids = p.chains.map((c) => c.chainId)
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({
        code: 'custom',
        path: ['chains'],
        message: 'lists a chain twice — fix: one entry per chain',
      })
  })
export type RebalanceParams = z.infer<typeof rebalanceParamsSchema>

type Position = {
  chain: RebalanceParams['chains'][number]
  decimals: number
  owner: string
  /** Balance and target in the common 18-decimal scale. */
  balance: bigint
  target: bigint
  band: bigint
}

/**
 * Counts moves still on their way as if they were done: an order's output is added to its
 * destination until it arrives, and its input taken from its source until the order exists (then
 * the balance shows it). Without this, a move in flight would be planned again.
 */
function countInFlight(positions: Position[], inFlight: MarketSnapshot['inFlight']): void {
  const at = (chainId: number, token: string) =>
    positions.find((p) => p.chain.chainId === chainId && sameToken(p.chain.token, token))
  for (const i of inFlight) {
    if (i.route.kind !== 'crossChain') continue
    const dst = at(i.route.dstChainId, i.route.dstToken)
    if (dst && !i.arrived) dst.balance += toCommonScale(i.minAmountOut, dst.decimals)
    const src = at(i.route.srcChainId, i.route.srcToken)
    if (src && !i.sourceDebited) src.balance -= toCommonScale(i.amountIn, src.decimals)
  }
}

function plan(snapshot: MarketSnapshot, params: RebalanceParams): RouteRequest[] {
  const positions: Position[] = []
  for (const chain of params.chains) {
    const balance = findBalance(snapshot, chain.chainId, chain.token)
    // An unknown balance makes every target unknown: moving on a guess could drain a chain.
    if (balance === undefined) return []
    positions.push({
      chain,
      decimals: balance.decimals,
      owner: balance.owner,
      balance: toCommonScale(balance.amount, balance.decimals),
      target: 0n,
      band: 0n,
    })
  }
  countInFlight(positions, snapshot.inFlight)
  const total = positions.reduce((sum, p) => sum + p.balance, 0n)
  for (const p of positions) {
    p.target =
      p.chain.weightBps !== undefined
        ? (total * BigInt(p.chain.weightBps)) / 10_000n
        : toCommonScale(p.chain.targetAmount ?? 0n, p.decimals)
    p.band = (p.target * BigInt(params.toleranceBps)) / 10_000n
  }
  const surpluses = positions
    .filter((p) => p.balance > p.target + p.band)
    .map((p) => ({ p, left: p.balance - p.target }))
    .sort((a, b) => (b.left > a.left ? 1 : b.left < a.left ? -1 : 0))
  const deficits = positions
    .filter((p) => p.balance < p.target - p.band)
    .map((p) => ({ p, left: p.target - p.balance }))
    .sort((a, b) => (b.left > a.left ? 1 : b.left < a.left ? -1 : 0))
  const requests: RouteRequest[] = []
  for (const deficit of deficits) {
    for (const surplus of surpluses) {
      if (deficit.left <= 0n) break
      if (surplus.left <= 0n) continue
      // biome-ignore lint/complexity/useMathMinMax: bigint, which Math.min does not take.
      let move = deficit.left < surplus.left ? deficit.left : surplus.left
      const src = surplus.p
      if (params.maxMoveAmount !== undefined) {
        const cap = toCommonScale(params.maxMoveAmount, src.decimals)
        if (move > cap) move = cap
      }
      const amountIn = fromCommonScale(move, src.decimals)
      if (amountIn <= 0n || amountIn < params.minMoveAmount) continue
      surplus.left -= move
      deficit.left -= move
      requests.push(moveRequest(src, deficit.p, amountIn))
    }
  }
  return requests
}

function moveRequest(src: Position, dst: Position, amountIn: bigint): CrossChainRouteRequest {
  const s = src.chain
  const d = dst.chain
  return {
    kind: 'crossChain',
    requestId: `rebalance:${s.chainId}->${d.chainId}`,
    routeId: `${s.chainId}:${s.token}->${d.chainId}:${d.token}`,
    amountIn,
    recipient: dst.owner,
    srcChainId: s.chainId,
    srcToken: s.token,
    dstChainId: d.chainId,
    dstToken: d.token,
    ...(d.hook === undefined ? {} : { hook: d.hook }),
  }
}

/**
 * Loss of a move in bps of what leaves the wallet: the token shortfall of the recommended output
 * against the input (same asset, decimals aligned) plus the native cost in bps of the input value.
 */
export function rebalanceLossBps(quote: QuoteObservation, inDecimals: number): number {
  const tokenLossBps = -changeBps(
    toCommonScale(quote.amountIn, inDecimals),
    toCommonScale(quote.amountOut, quote.outDecimals),
  )
  const gasBps = quote.amountInUsd > 0 ? (quote.nativeCostUsd / quote.amountInUsd) * 10_000 : 0
  return tokenLossBps + gasBps
}

function decide(
  quotes: readonly QuoteObservation[],
  snapshot: MarketSnapshot,
  params: RebalanceParams,
): DecideResult {
  const intents: Intent[] = []
  const observations: StrategyObservation[] = []
  for (const quote of quotes) {
    const route = quote.request
    if (route.kind !== 'crossChain') continue
    const inDecimals = findBalance(snapshot, route.srcChainId, route.srcToken)?.decimals
    const lossBps = inDecimals === undefined ? undefined : rebalanceLossBps(quote, inDecimals)
    const acted = lossBps !== undefined && lossBps <= params.maxCostBps
    observations.push({
      kind: 'rebalance',
      requestIds: [route.requestId],
      atMs: snapshot.nowMs,
      valueBps: lossBps,
      thresholdBps: params.maxCostBps,
      acted,
      note:
        lossBps === undefined
          ? 'no source balance in the snapshot; skipped'
          : acted
            ? `move ${route.amountIn} from ${route.srcChainId} to ${route.dstChainId}, loss ${lossBps.toFixed(2)} bps`
            : `loss ${lossBps.toFixed(2)} bps above maxCostBps ${params.maxCostBps}; skipped`,
    })
    if (!acted) continue
    intents.push(
      intentFromQuote(
        route,
        quote,
        `rebalance ${route.srcChainId}→${route.dstChainId}: loss ${lossBps.toFixed(2)} bps ≤ ${params.maxCostBps}`,
      ),
    )
  }
  return { intents, observations }
}

/** A move goes from any listed chain to any other: every chain's token is given and taken. */
function tokens(params: RebalanceParams): StrategyTokens {
  const all = params.chains.map((c) => ({ chainId: c.chainId, token: c.token }))
  return { gives: all, takes: all }
}

/**
 * Rebalance: keeps one asset spread across chains at target amounts or weights. When a chain is
 * outside its tolerance band it plans moves from surplus chains (down to their target) to
 * deficit chains (up to theirs), and executes a move when the quote's recommended output
 * (dstChainTokenOut.recommendedAmount) plus gas loses at most maxCostBps. Pure.
 */
export const rebalance: Strategy<RebalanceParams> = {
  name: 'rebalance',
  paramsSchema: rebalanceParamsSchema,
  plan,
  decide,
  tokens,
}
