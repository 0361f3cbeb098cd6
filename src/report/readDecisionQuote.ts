import { z } from 'zod'
import type { QuoteRecord } from '../store/contract/journalTypes.ts'
import type { DecisionQuote } from './reportTypes.ts'

// The response the engine journals for the quote a decision was made on (createEngine's
// recordQuote). JSON turns NaN and Infinity into null, hence nullish on the float figures.
const decisionQuoteSchema = z.object({
  quotedAtMs: z.number(),
  amountInUsd: z.number().nullish(),
  amountOut: z.bigint(),
  amountOutUsd: z.number().nullish(),
  outDecimals: z.number().int().min(0).max(77),
  costBps: z.number().nullish(),
  costsUsd: z.record(z.string(), z.number().nullable()).nullish(),
  edgeBps: z.number().nullish(),
})

/**
 * The decision quote among an intent's journaled quotes: the first whose response has the
 * engine's shape (expected output in base units, its decimals, costs by kind). Quotes of another
 * shape (raw service answers) are passed over, so an older journal still reports what it can.
 * Undefined when none fits. Pure.
 */
export function readDecisionQuote(quotes: readonly QuoteRecord[]): DecisionQuote | undefined {
  for (const quote of quotes) {
    const parsed = decisionQuoteSchema.safeParse(quote.response)
    if (!parsed.success) continue
    const q = parsed.data
    const costsUsd: Record<string, number> = {}
    for (const [kind, usd] of Object.entries(q.costsUsd ?? {})) {
      if (usd !== null && Number.isFinite(usd)) costsUsd[kind] = usd
    }
    return {
      quotedAtMs: q.quotedAtMs,
      amountInUsd: q.amountInUsd ?? undefined,
      amountOut: q.amountOut,
      amountOutUsd: q.amountOutUsd ?? undefined,
      outDecimals: q.outDecimals,
      costBps: q.costBps ?? undefined,
      costsUsd,
      edgeBps: q.edgeBps ?? undefined,
    }
  }
  return undefined
}
