import { describe, expect, test } from 'vitest'
import type { Strategy } from '../../../src/common/strategy/strategyContract.ts'
import { compareReplay } from '../../../src/replay/compareReplay.ts'
import { DEFAULT_FILL_DELAY_MS } from '../../../src/replay/fillDelays.ts'
import type { ReplayRecording } from '../../../src/replay/replayTypes.ts'
import { runReplay } from '../../../src/replay/runReplay.ts'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import { rebalanceConfig } from '../engine/engineFixture.ts'
import { dryRunsOf, recordingOf, T0 } from './replayFixture.ts'

const strategies = builtInStrategies as Record<string, Strategy<never>>

function replay(
  recording: ReplayRecording,
  mode: 'paper' | 'sent',
  risk: Record<string, unknown> = {},
) {
  return runReplay({ config: rebalanceConfig(risk), strategies, recording, mode })
}

describe('runReplay: recorded quotes through the real strategies and risk checks', () => {
  test('default: paper mode makes the intent a dry run made at every tick, at its quote’s cost', async () => {
    const recording = recordingOf({ ticks: 5, costBps: 10 })
    const run = await replay(recording, 'paper')
    expect(run.ticks).toBe(5)
    expect(run.quotesFed).toBe(5)
    expect(run.quotesMissing).toBe(0)
    expect(run.decisions.map((d) => [d.intentId, d.verdict])).toEqual(
      recording.quotes.map((q) => [`usdc:${q.quote.request.requestId}:${q.tickMs}`, 'accept']),
    )
    expect(run.decisions[0]).toMatchObject({ amountIn: 1_000_000_000n, notionalUsd: 1000 })
    expect(run.decisions[0]!.costUsd).toBeCloseTo(1, 9)
    const section = compareReplay({
      label: 'same',
      run,
      actual: dryRunsOf(recording),
      fromMs: T0,
      toMs: T0 + 4_000,
    })
    expect(section.same).toBe(5)
    expect(section.difference).toEqual({ intents: 0, movedUsd: 0, costsUsd: 0 })
  })

  test('behavior: a tighter maxCostBps refuses the intents above it; the comparison shows what went', async () => {
    const recording = recordingOf({ ticks: 3, costBps: 30 })
    const run = await replay(recording, 'paper', { maxCostBps: 20 })
    expect(run.decisions.map((d) => [d.verdict, d.check, d.reason])).toEqual(
      Array(3).fill(['reject', 'maxCostBps', 'costTooHigh']),
    )
    const section = compareReplay({
      label: 'tight',
      run,
      actual: dryRunsOf(recording),
      fromMs: T0,
      toMs: T0 + 2_000,
    })
    expect(section.replay).toMatchObject({ intents: 0, refused: 3, movedUsd: 0 })
    expect(section.refusals).toEqual([{ reason: 'costTooHigh', count: 3 }])
    expect(section.difference.intents).toBe(-3)
    expect(section.difference.movedUsd).toBeCloseTo(-3000, 6)
    expect(section.difference.costsUsd).toBeCloseTo(-9, 6)
    expect(section.rows.map((r) => [r.replay?.verdict, r.journal?.outcome])).toEqual(
      Array(3).fill(['reject', 'dryRun']),
    )
  })

  test('behavior: sent mode debits the move and keeps it in flight until its fill; no second move meanwhile', async () => {
    const recording = recordingOf({ ticks: 40 })
    const run = await replay(recording, 'sent')
    const accepted = run.decisions.filter((d) => d.verdict === 'accept')
    expect(accepted[0]).toMatchObject({ atMs: T0, filledAtMs: T0 + DEFAULT_FILL_DELAY_MS })
    // The strategy saw its move in flight (and the source debited) until the fill.
    expect(accepted.slice(1).every((d) => d.atMs > T0 + DEFAULT_FILL_DELAY_MS)).toBe(true)
  })

  test('behavior: an intent the journal sent fills after its own recorded delay', async () => {
    const recording = recordingOf({ ticks: 3 })
    const id = `usdc:${recording.quotes[0]!.quote.request.requestId}:${T0}`
    const actual = [
      { ...dryRunsOf(recording)[0]!, outcome: 'completed' as const, fillDelayMs: 1_500 },
    ]
    const run = await runReplay({
      config: rebalanceConfig(),
      strategies,
      recording: { ...recording, actual },
      mode: 'sent',
    })
    expect(run.decisions.find((d) => d.intentId === id)?.filledAtMs).toBe(T0 + 1_500)
  })

  test('behavior: a request the recording has no quote for fails as an unanswered quote', async () => {
    const recording = { ...recordingOf({ ticks: 2 }), quotes: [] }
    const run = await replay(recording, 'paper')
    expect(run).toMatchObject({ quotesFed: 0, quotesMissing: 2, decisions: [] })
  })

  test('behavior: the same recording and config give the same run (no wall clock)', async () => {
    const recording = recordingOf({ ticks: 40 })
    const print = (r: unknown) =>
      JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))
    expect(print(await replay(recording, 'sent'))).toBe(print(await replay(recording, 'sent')))
  })
})
