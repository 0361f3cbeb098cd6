import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import { createFerryMetrics } from '../../../src/observe/createFerryMetrics.ts'

type Target = { expr: string; refId: string; datasource?: { type: string; uid: string } }
type Panel = {
  id: number
  type: string
  title: string
  gridPos: { h: number; w: number; x: number; y: number }
  datasource?: { type: string; uid: string }
  targets?: Target[]
}
type Dashboard = {
  title: string
  uid: string
  schemaVersion: number
  panels: Panel[]
  templating: { list: { name: string; type: string; query: unknown }[] }
}

const dashboard = JSON.parse(
  readFileSync(new URL('../../../observe/grafana-dashboard.json', import.meta.url), 'utf8'),
) as Dashboard
const panels = dashboard.panels.filter((p) => p.type !== 'row')
const exprs = panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr))

/** How the dashboard names its datasource: Grafana's `${datasource}` variable. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax, not a JS template
const PROMETHEUS = { type: 'prometheus', uid: '${datasource}' }

/** A histogram's series carry these suffixes; the registry knows the family name. */
const familyOf = (series: string): string => series.replace(/_(bucket|sum|count)$/, '')

describe('observe/grafana-dashboard.json', () => {
  test('default: every metric its expressions use exists in the registry', () => {
    const { registry } = createFerryMetrics({
      clock: createManualClock(0),
      readInFlightUsd: () => 0,
    })
    const used = new Set(exprs.flatMap((e) => e.match(/\bferry_[a-z0-9_]+/g) ?? []))
    expect(used.size).toBeGreaterThan(10)
    for (const series of used) {
      const family = registry.getSingleMetric(series) ? series : familyOf(series)
      expect(registry.getSingleMetric(family), series).toBeDefined()
    }
  })

  test('behavior: every metric in the registry has a panel', () => {
    const { registry } = createFerryMetrics({
      clock: createManualClock(0),
      readInFlightUsd: () => 0,
    })
    const used = new Set(
      exprs.flatMap((e) => e.match(/\bferry_[a-z0-9_]+/g) ?? []).map((s) => familyOf(s)),
    )
    const names = registry.getMetricsAsArray().map((m) => m.name)
    expect(names.filter((n) => !used.has(n))).toEqual([])
  })

  test('behavior: a Prometheus datasource variable drives every panel and query', () => {
    const variable = dashboard.templating.list.find((v) => v.type === 'datasource')
    expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus' })
    for (const p of panels) {
      expect(p.datasource, p.title).toEqual(PROMETHEUS)
      expect(p.targets?.length, p.title).toBeGreaterThan(0)
      for (const t of p.targets ?? []) expect(t.datasource, p.title).toEqual(PROMETHEUS)
    }
  })

  test('behavior: valid dashboard JSON: title, uid, unique panel ids and refIds, grid inside 24 columns', () => {
    expect(dashboard).toMatchObject({ title: 'ferry', uid: 'ferry-overview' })
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36)
    const ids = dashboard.panels.map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const p of dashboard.panels) {
      expect(p.gridPos.x + p.gridPos.w, p.title).toBeLessThanOrEqual(24)
      const refIds = (p.targets ?? []).map((t) => t.refId)
      expect(new Set(refIds).size, p.title).toBe(refIds.length)
    }
    // Balanced brackets are the least a PromQL expression needs.
    for (const e of exprs) {
      for (const [open, close] of ['()', '[]', '{}']) {
        expect(e.split(open!).length, e).toBe(e.split(close!).length)
      }
    }
  })

  test('behavior: it has a panel for each operating question', () => {
    const types = panels.map((p) => p.type)
    expect(types).toContain('heatmap')
    for (const needle of [
      'ferry_service_rate_limited_total',
      'ferry_decisions_total',
      'ferry_orders_created_total',
      'ferry_costs_paid_usd_total',
      'ferry_aggregator_edge_bps_bucket',
      'ferry_wallet_balance_usd',
      'ferry_in_flight_usd',
      'ferry_kill_switch_engaged',
      'time() - ferry_last_successful_tick_timestamp_seconds',
    ]) {
      expect(
        exprs.some((e) => e.includes(needle)),
        needle,
      ).toBe(true)
    }
  })
})
