import { describe, expect, test } from 'vitest'
import { buildReportData } from '../../../src/report/buildReportData.ts'
import { renderReportHtml } from '../../../src/report/renderReportHtml.ts'
import type { ReplaySection } from '../../../src/report/replaySectionTypes.ts'

const section: ReplaySection = {
  label: 'risk.maxCostBps=<20>',
  mode: 'paper',
  fromMs: 1_700_000_000_000,
  toMs: 1_700_000_060_000,
  ticks: 2,
  quotesFed: 2,
  quotesMissing: 0,
  replay: { intents: 0, movedUsd: 0, costsUsd: 0, refused: 2, postponed: 0 },
  journal: { intents: 2, movedUsd: 2000, costsUsd: 7.5 },
  difference: { intents: -2, movedUsd: -2000, costsUsd: -7.5 },
  same: 0,
  refusals: [{ reason: 'costTooHigh', count: 2 }],
  rows: [
    {
      intentId: 'usdc:rebalance:1700000000000',
      strategy: 'usdc',
      route: 'r',
      atMs: 1_700_000_000_000,
      replay: {
        verdict: 'reject',
        reason: 'costTooHigh',
        notionalUsd: 1000,
        costUsd: 3.75,
        costBps: 37.5,
      },
      journal: { outcome: 'dryRun', notionalUsd: 1000, costUsd: 3.75 },
    },
  ],
}

function page(replay: ReplaySection[] | undefined): string {
  const data = buildReportData({
    activity: { intents: [], observations: [] },
    journalPath: '/j.sqlite',
    generatedAtMs: 0,
    sinceMs: undefined,
  })
  if (replay) data.replay = replay
  return renderReportHtml(data, { source: '', name: 'Chart.js test' })
}

describe('the report’s Replay section (ferry replay --out)', () => {
  test('default: totals, the signed difference, refusals and each row, the label escaped', () => {
    const html = page([section])
    expect(html).toContain('<section id="replay">')
    expect(html).toContain('risk.maxCostBps=&lt;20&gt;')
    expect(html).toContain('-$2,000.00')
    expect(html).toContain('Replay refusals: costTooHigh 2')
    expect(html).toContain('refused costTooHigh')
    expect(html).toContain('usdc:rebalance:1700000000000')
  })

  test('behavior: ferry report’s page has no Replay section; a grid gets one table of its points', () => {
    expect(page(undefined)).not.toContain('id="replay"')
    const grid = page([section, { ...section, label: 'risk.maxCostBps=80' }])
    expect(grid).toContain('<th scope="col">grid point</th>')
    expect(grid.match(/risk\.maxCostBps=80/g)?.length).toBeGreaterThanOrEqual(2)
  })
})
