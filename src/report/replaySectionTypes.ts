/**
 * The replay section of the report (`ferry replay --out`): what the strategies would have done
 * under a config, fed the recorded quotes, beside what the journal did. Made by src/replay;
 * defined here so the report renders it without depending on the replay.
 */

/** Totals of one side, USD at the recorded quotes' prices. */
export type ReplayTotals = {
  /** Intents made (replay: accepted by the risk checks; journal: sent or dry runs). */
  intents: number
  /** Notional of those intents (not failed or cancelled), USD. */
  movedUsd: number
  /** Their quotes' full costs, USD. */
  costsUsd: number
}

/** One intent in the comparison: what the replay decided, what the journal did. */
export type ReplayRow = {
  intentId: string
  strategy: string
  route: string
  atMs: number
  replay:
    | {
        verdict: 'accept' | 'reject' | 'postpone'
        /** The refusing check's reason, e.g. `costTooHigh`. */
        reason: string | undefined
        notionalUsd: number
        costUsd: number
        costBps: number
      }
    | undefined
  journal: { outcome: string; notionalUsd: number; costUsd: number | undefined } | undefined
}

/** The replay of one config over one journal window. */
export type ReplaySection = {
  /** The config's file, and the grid point when there is one (`risk.maxCostBps=20`). */
  label: string
  mode: 'paper' | 'sent'
  /** The recorded window replayed, ms; undefined when it held no tick. */
  fromMs: number | undefined
  toMs: number | undefined
  ticks: number
  quotesFed: number
  quotesMissing: number
  replay: ReplayTotals & { refused: number; postponed: number }
  journal: ReplayTotals
  /** replay − journal. */
  difference: ReplayTotals
  /** Intents made by both (the same id). */
  same: number
  /** Replay refusals by reason, most first. */
  refusals: { reason: string; count: number }[]
  /** Intents made by either side, or refused by the replay where the journal made them. */
  rows: ReplayRow[]
}
