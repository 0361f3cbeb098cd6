import { z } from 'zod'
import type { ObservationRecord } from '../store/contract/journalTypes.ts'
import type { ArbitrageObservation, EdgePoint } from './reportTypes.ts'

/** Observation kinds of strategies/arbitrage.ts: every one is an experiment's record. */
const ARBITRAGE_KINDS: readonly string[] = ['aggregatorEdge', 'roundTrip']

// Observations are what strategies and the engine chose to record; only these fields are read.
const observationSchema = z.object({
  kind: z.string(),
  valueBps: z.number().nullish(),
  thresholdBps: z.number().nullish(),
  acted: z.boolean().optional(),
  note: z.string().optional(),
  verdict: z.object({ kind: z.string(), reason: z.string().optional() }).optional(),
})

/** What the report takes from the journal's observations, in journal order. */
export type ObservationTally = {
  /** The reason of each `decision` observation that rejected an intent, one per rejection. */
  rejections: string[]
  /** `decision` observations that postponed an intent. */
  postponed: number
  /** `dryRun` observations. */
  dryRun: number
  /** Every `aggregatorEdge` observation with a value, as an edge point (bps). */
  edges: EdgePoint[]
  /** Observations of the arbitrage kinds, or by a strategy in `arbitrageIds`. */
  arbitrage: ArbitrageObservation[]
}

/**
 * Reads the observations the report shows: the engine's refusals, postponements and dry runs
 * (never journaled as intents), aggregator edges, and every arbitrage observation with its value
 * against its threshold (bps). An observation of an unexpected shape is passed over. Pure.
 */
export function readObservations(
  observations: readonly ObservationRecord[],
  arbitrageIds: ReadonlySet<string>,
): ObservationTally {
  const tally: ObservationTally = {
    rejections: [],
    postponed: 0,
    dryRun: 0,
    edges: [],
    arbitrage: [],
  }
  for (const record of observations) {
    const parsed = observationSchema.safeParse(record.data)
    if (!parsed.success) continue
    const o = parsed.data
    if (o.kind === 'decision') {
      if (o.verdict?.kind === 'reject') tally.rejections.push(o.verdict.reason ?? 'unknown')
      else if (o.verdict?.kind === 'postpone') tally.postponed++
      continue
    }
    if (o.kind === 'dryRun') {
      tally.dryRun++
      continue
    }
    const valueBps = finite(o.valueBps)
    const thresholdBps = finite(o.thresholdBps)
    const acted = o.acted ?? false
    if (o.kind === 'aggregatorEdge' && valueBps !== undefined) {
      tally.edges.push({
        atMs: record.observedMs,
        source: 'observation',
        strategy: record.strategy,
        edgeBps: valueBps,
        thresholdBps,
        acted,
      })
    }
    if (ARBITRAGE_KINDS.includes(o.kind) || arbitrageIds.has(record.strategy)) {
      const marginBps =
        valueBps !== undefined && thresholdBps !== undefined ? valueBps - thresholdBps : undefined
      tally.arbitrage.push({
        id: record.id,
        strategy: record.strategy,
        kind: o.kind,
        atMs: record.observedMs,
        valueBps,
        thresholdBps,
        marginBps,
        clears: marginBps !== undefined && marginBps >= 0,
        acted,
        note: o.note ?? '',
      })
    }
  }
  return tally
}

function finite(value: number | null | undefined): number | undefined {
  return value === null || value === undefined || !Number.isFinite(value) ? undefined : value
}
