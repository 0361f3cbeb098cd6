import type { ExecutionOutcome, TrackingOutcome } from './executionOutcome.ts'

/** What the runner does next with an intent, given how a step of its life ended. */
export type IntentNext =
  /** Its order exists: follow it to its fill and hook. */
  | { kind: 'track' }
  /** Nothing proves an end yet: it stays in flight and the next start reconciles it (P-2.3). */
  | { kind: 'unsettled'; detail: string }
  /**
   * It ended. `state` is what the journal keeps; `shown` what the terminal event says, which keeps
   * the refusal visible; `economics` marks an end the kill switch never counts.
   */
  | {
      kind: 'end'
      state: 'completed' | 'failed' | 'cancelled'
      shown: 'completed' | 'failed' | 'cancelled' | 'refused'
      detail: string
      economics: boolean
      /**
       * The config is at fault (a missing or dead price feed): alerted as such, counted by
       * neither kill-switch rule, and (by its journaled reason) no route cooldown.
       */
      config?: true
    }

/**
 * The intent state machine's one decision (pure): how an execution, a restart's settling or a
 * tracker's result moves an intent on. A refusal of the verifier ends it `failed` in the journal
 * and `refused` on the event (integrity); a moved quote ends it `failed` with `economics`, which
 * neither kill-switch rule counts (docs/safety.md, refusal classes).
 */
export function decideIntentEnd(outcome: ExecutionOutcome | TrackingOutcome): IntentNext {
  if ('state' in outcome) {
    if (outcome.state === 'interrupted') return { kind: 'unsettled', detail: outcome.detail }
    return {
      kind: 'end',
      state: outcome.state,
      shown: outcome.state,
      detail: outcome.detail,
      economics: false,
    }
  }
  switch (outcome.kind) {
    case 'created':
      return { kind: 'track' }
    case 'unknown':
      return { kind: 'unsettled', detail: outcome.detail }
    case 'swapped':
      return {
        kind: 'end',
        state: 'completed',
        shown: 'completed',
        detail: `swap ${outcome.hash}`,
        economics: false,
      }
    case 'refused':
      return {
        kind: 'end',
        state: 'failed',
        shown: 'refused',
        detail: outcome.detail,
        economics: false,
      }
    case 'moved':
      return {
        kind: 'end',
        state: 'failed',
        shown: 'failed',
        detail: outcome.detail,
        economics: true,
      }
    case 'config':
      return {
        kind: 'end',
        state: 'failed',
        shown: 'failed',
        detail: outcome.detail,
        economics: false,
        config: true,
      }
    case 'failed':
      return {
        kind: 'end',
        state: 'failed',
        shown: 'failed',
        detail: outcome.detail,
        economics: false,
      }
  }
}
