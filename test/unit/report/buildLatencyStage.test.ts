import { describe, expect, test } from 'vitest'
import { buildLatencyStage } from '../../../src/report/buildLatencyStage.ts'

describe('buildLatencyStage', () => {
  test('default: nearest-rank percentiles and round-width bins covering every sample', () => {
    const stage = buildLatencyStage(
      'createdToFilled',
      'created → filled',
      [4_300, 1_200, 4_100, 4_050, 9_000],
    )
    expect(stage).toMatchObject({ count: 5, p50Ms: 4_100, p90Ms: 9_000, maxMs: 9_000 })
    expect(stage.samplesMs).toEqual([1_200, 4_050, 4_100, 4_300, 9_000])
    // (9 000 − 1 200) / 10 = 780 → 1 000 ms bins from 1 000.
    expect(stage.histogram[0]).toEqual({ fromMs: 1_000, toMs: 2_000, count: 1 })
    expect(stage.histogram.at(-1)).toEqual({ fromMs: 9_000, toMs: 10_000, count: 1 })
    expect(stage.histogram.find((b) => b.fromMs === 4_000)?.count).toBe(3)
    expect(stage.histogram.reduce((sum, b) => sum + b.count, 0)).toBe(5)
  })

  test('behavior: identical samples share one readable bin; none gives an empty stage', () => {
    expect(buildLatencyStage('filledToHookDone', 'x', [20, 20]).histogram).toEqual([
      { fromMs: 20, toMs: 22, count: 2 },
    ])
    expect(buildLatencyStage('intentToCreated', 'x', [])).toMatchObject({
      count: 0,
      p50Ms: undefined,
      histogram: [],
    })
  })

  test('behavior: negative samples (a clock step back) are dropped', () => {
    expect(buildLatencyStage('intentToCreated', 'x', [-5, 10]).samplesMs).toEqual([10])
  })
})
