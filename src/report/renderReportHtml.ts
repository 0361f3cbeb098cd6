import { formatTimeMs } from '../common/format/formatTimeMs.ts'
import { formatUsd } from '../common/format/formatUsd.ts'
import { buildChartSpecs } from './buildChartSpecs.ts'
import { escapeHtml } from './escapeHtml.ts'
import { formatBps } from './formatBps.ts'
import { formatDurationMs } from './formatDurationMs.ts'
import { OUTCOME_LABELS } from './outcomeLabels.ts'
import { renderJournalEntries } from './renderJournalEntries.ts'
import { renderOrdersTable } from './renderOrdersTable.ts'
import { renderReplaySection } from './renderReplaySection.ts'
import { renderTable } from './renderTable.ts'
import { REPORT_SCRIPT } from './reportScript.ts'
import { REPORT_STYLES } from './reportStyles.ts'
import { OUTCOME_KINDS, type OutcomeKind, type ReportData } from './reportTypes.ts'
import { toScriptJson } from './toScriptJson.ts'

/** The chart library inlined into the page. */
export type ChartLibrary = {
  /** Its minified UMD build, which defines `window.Chart`. */
  source: string
  /** e.g. `Chart.js 4.6.1`, named in the page's footer. */
  name: string
}

/**
 * The report as one self-contained HTML page: inline CSS, the chart library and the page's
 * script inlined, the report data (as `ferry report --json` prints it) and the chart specs in
 * `<script type="application/json">` elements, so it opens from a file with no network. Every
 * journal string is escaped; the library's text cannot end its `<script>` element early. A
 * report with no data says so and draws no chart. Pure.
 */
export function renderReportHtml(data: ReportData, library: ChartLibrary): string {
  const { specs, ids } = buildChartSpecs(data)
  const windowText =
    data.firstMs === undefined
      ? 'no journal entries'
      : `${formatTimeMs(data.firstMs)} – ${formatTimeMs(data.lastMs)}`
  const sinceText =
    data.sinceMs === undefined ? 'whole journal' : `since ${formatTimeMs(data.sinceMs)}`
  const replay = data.replay ? renderReplaySection(data.replay) : ''
  const body = `${replay}${data.empty ? renderNoData(data) : renderSections(data, ids)}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ferry report · ${escapeHtml(windowText)}</title>
<style>${REPORT_STYLES}</style>
</head>
<body>
<header class="top">
<h1>ferry report</h1>
<p>journal <code>${escapeHtml(data.journalPath)}</code> · ${escapeHtml(sinceText)} · entries ${escapeHtml(windowText)} · made ${escapeHtml(formatTimeMs(data.generatedAtMs))}</p>
${renderSimulationOff(data.simulationOffChains)}
</header>
${data.empty ? '' : data.replay ? NAV.replace('">', '"><a href="#replay">Replay</a>') : NAV}
<main>
${body}
</main>
<footer>All times UTC. Amounts are exact (base units over the token’s decimals); USD values are the service’s at quote time. Charts drawn with ${escapeHtml(library.name)} (MIT), inlined.</footer>
<script type="application/json" id="ferry-report-data">${toScriptJson(data)}</script>
<script type="application/json" id="ferry-chart-specs">${toScriptJson(specs)}</script>
<script>${inlineScript(library.source)}</script>
<script>${REPORT_SCRIPT}</script>
</body>
</html>
`
}

const NAV = `<nav class="sections"><a href="#outcomes">Outcomes</a><a href="#output">Quoted vs realized</a><a href="#costs">Costs</a><a href="#edges">Edge</a><a href="#latency">Latency</a><a href="#arbitrage">Arbitrage</a><a href="#orders">Orders</a><a href="#journal">Journal entries</a></nav>`

/**
 * A script's text made safe inside `<script>…</script>`: `</script` (any case) and `<!--` are
 * broken up with a backslash, which JavaScript strings and regexes read the same way. Minified
 * libraries should not contain them; this makes sure.
 */
function inlineScript(source: string): string {
  return source
    .replace(/^\/\/# sourceMappingURL=.*$/gm, '')
    .replace(/<\/(script)/gi, '<\\/$1')
    .replace(/<!--/g, '<\\!--')
}

function renderNoData(data: ReportData): string {
  const where =
    data.sinceMs === undefined
      ? 'holds no intents and no strategy observations yet'
      : `holds no intents and no strategy observations since ${formatTimeMs(data.sinceMs)}`
  return `<section class="nodata"><h2>No data yet</h2><p class="lead">The journal <code>${escapeHtml(data.journalPath)}</code> ${escapeHtml(where)}. Run <code>ferry run &lt;config&gt;</code> (the strategies journal every intent and observation), then make the report again.</p></section>`
}

function renderSections(data: ReportData, ids: ReturnType<typeof buildChartSpecs>['ids']): string {
  return [
    renderCards(data),
    renderOutcomes(data, ids.outcomes),
    renderOutputs(data, ids.routes),
    renderCosts(data, ids.costs),
    renderEdges(data, ids.edges),
    renderLatency(data, ids.latency),
    renderArbitrage(data, ids.arbitrage),
    `<section id="orders"><h2>Orders</h2><p class="lead">One row per journaled intent, oldest first. Click a column header to sort (again to reverse); the intent id opens its journal entries.</p>${data.orders.length === 0 ? empty('No intent was journaled in this window (dry runs and refusals are counted under Outcomes).') : renderOrdersTable(data.orders)}</section>`,
    `<section id="journal"><h2>Journal entries</h2><p class="lead">Everything the journal holds for each intent: quotes, approvals, signed attempts, orders and hook steps.</p>${data.orders.length === 0 ? empty('No intents.') : renderJournalEntries(data.orders)}</section>`,
  ].join('\n')
}

function renderCards(data: ReportData): string {
  const card = (label: string, value: string, tone = ''): string =>
    `<div class="card${tone ? ` ${tone}` : ''}"><div class="value">${escapeHtml(value)}</div><div class="label">${escapeHtml(label)}</div></div>`
  const o = data.outcomes
  return `<div class="cards">${[
    card('intents journaled', String(data.summary.intents)),
    card('orders created', String(data.summary.orders)),
    card('completed', String(o.completed), o.completed > 0 ? 'good' : ''),
    card('failed', String(o.failed), o.failed > 0 ? 'bad' : ''),
    card('refused', String(o.refused), o.refused > 0 ? 'bad' : ''),
    card('cancelled', String(o.cancelled)),
    card('notional sent', formatUsd(data.summary.notionalUsd)),
    card('quoted costs', formatUsd(data.summary.costsUsd)),
    card('observations', String(data.summary.observations)),
  ].join('')}</div>`
}

function renderOutcomes(data: ReportData, chartId: string | undefined): string {
  const counts = renderTable({
    sortable: false,
    columns: [{ title: 'outcome' }, { title: 'count', numeric: true }, { title: 'meaning' }],
    rows: OUTCOME_KINDS.map((kind) => [
      { text: OUTCOME_LABELS[kind] },
      { text: String(data.outcomes[kind]), value: data.outcomes[kind] },
      { text: OUTCOME_MEANINGS[kind] },
    ]),
  })
  const refusals =
    data.refusals.length === 0
      ? ''
      : `<h3>Refusals by reason</h3>${renderTable({
          sortable: false,
          columns: [{ title: 'reason' }, { title: 'count', numeric: true }],
          rows: data.refusals.map((r) => [
            { text: r.reason },
            { text: String(r.count), value: r.count },
          ]),
        })}`
  const chart = chartId
    ? canvas(chartId, 'Outcome counts', 'small')
    : empty('Nothing was decided in this window.')
  return `<section id="outcomes"><h2>Outcomes</h2><p class="lead">How each journaled intent ended, and the decisions that never became one.</p><div class="grid2"><div>${chart}</div><div>${counts}${refusals}</div></div></section>`
}

const OUTCOME_MEANINGS: Record<OutcomeKind, string> = {
  completed: 'filled, and its hook executed where it had one (swaps: mined)',
  failed: 'reverted, expired, or not filled before the tracking deadline',
  refused: 'a risk check rejected the decision, or the verifier refused to sign',
  cancelled: 'not filled in time, cancelled and refunded',
  postponed: 'a risk check deferred the decision (in-flight budget, cooldown)',
  dryRun: 'accepted in a dry run: nothing was signed',
  inFlight: 'journaled, not terminal yet',
}

function renderOutputs(data: ReportData, chartIds: (string | undefined)[]): string {
  const figures = data.routes.map((route, i) => {
    const id = chartIds[i]
    const filled = route.points.filter((p) => p.realizedAmountOut !== undefined)
    const exact = filled.filter((p) => p.realizedAmountOut === p.quotedAmountOut).length
    const shortfalls = filled.flatMap((p) => (p.shortfallBps === undefined ? [] : [p.shortfallBps]))
    const mean =
      shortfalls.length === 0
        ? undefined
        : shortfalls.reduce((a, b) => a + b, 0) / shortfalls.length
    const caption = `${route.points.length} quoted, ${filled.length} filled; realized equals quoted on ${exact}; mean shortfall ${formatBps(mean)} bps.`
    return `<div class="figure"><h3 title="${escapeHtml(route.route)}">${escapeHtml(route.label)}</h3>${id ? canvas(id, `Quoted vs realized output, ${route.label}`) : empty('No quote.')}<p class="note">${escapeHtml(caption)}</p></div>`
  })
  return `<section id="output"><h2>Quoted vs realized output</h2><p class="lead">Per route: the decision quote’s expected output and what the recipient got at the fill, in the output token, by quote time.</p>${figures.length === 0 ? empty('No journaled intent carries a decision quote in this window.') : `<div class="grid2">${figures.join('')}</div>`}</section>`
}

function renderCosts(data: ReportData, chartId: string | undefined): string {
  const total = data.costs.byKind.reduce((sum, k) => sum + k.totalUsd, 0)
  const table = renderTable({
    sortable: false,
    columns: [
      { title: 'kind' },
      { title: 'total (USD)', numeric: true },
      { title: 'per order (USD)', numeric: true },
      { title: 'share', numeric: true },
    ],
    rows: data.costs.byKind.map((k) => [
      { text: k.kind },
      { text: formatUsd(k.totalUsd), value: k.totalUsd },
      { text: formatUsd(k.perOrderUsd), value: k.perOrderUsd },
      {
        text: total > 0 ? `${((k.totalUsd / total) * 100).toFixed(1)} %` : '-',
        value: total > 0 ? k.totalUsd / total : undefined,
      },
    ]),
  })
  return `<section id="costs"><h2>Costs by kind</h2><p class="lead">What each order’s decision quote priced in USD, by kind: flat fee, source gas, protocol fee, taker margin, operating expenses, swap and slippage. ${data.costs.perOrder.length} orders, ${escapeHtml(formatUsd(total))} in all.</p>${chartId ? `<div class="grid2"><div>${canvas(chartId, 'Costs per order by kind, USD')}</div><div>${table}</div></div>` : empty('No decision quote in this window.')}</section>`
}

function renderEdges(data: ReportData, chartId: string | undefined): string {
  const sent = data.edges.filter((e) => e.source === 'intent').length
  const observed = data.edges.length - sent
  const best = data.edges.reduce<number | undefined>(
    (max, e) => (max === undefined || e.edgeBps > max ? e.edgeBps : max),
    undefined,
  )
  const caption = `${sent} from swaps sent, ${observed} observed; best ${formatBps(best)} bps.`
  return `<section id="edges"><h2>Edge over compared aggregators</h2><p class="lead">How much more the service’s swap gives than the best aggregator it compared (bps; above 0 is better), from swaps sent and from strategies’ observations, with the strategy’s threshold.</p>${chartId ? `${canvas(chartId, 'Edge over compared aggregators, bps')}<p class="note">${escapeHtml(caption)}</p>` : empty('No quote in this window compared aggregators.')}</section>`
}

function renderLatency(data: ReportData, chartIds: (string | undefined)[]): string {
  const figures = data.latency.map((stage, i) => {
    const id = chartIds[i]
    const stats =
      stage.count === 0
        ? 'no samples'
        : `${stage.count} orders · p50 ${formatDurationMs(stage.p50Ms)} · p90 ${formatDurationMs(stage.p90Ms)} · max ${formatDurationMs(stage.maxMs)}`
    return `<div class="figure"><h3>${escapeHtml(stage.label)}</h3><p class="note">${escapeHtml(stats)}</p>${id ? canvas(id, `Latency histogram, ${stage.label}`, 'small') : empty('No order reached this stage in this window.')}</div>`
  })
  return `<section id="latency"><h2>Order latency</h2><p class="lead">Distribution of each stage’s duration, from journal times: the intent’s journaling to its order’s creation on the source chain, creation to the fill on the destination, and the fill to the last hook step executed.</p><div class="grid3">${figures.join('')}</div></section>`
}

function renderArbitrage(
  data: ReportData,
  charts: ReturnType<typeof buildChartSpecs>['ids']['arbitrage'],
): string {
  if (data.arbitrage.length === 0) {
    return `<section id="arbitrage"><h2>Arbitrage experiments</h2>${empty('No arbitrage observation in this window.')}</section>`
  }
  const figures = charts.map((c) => {
    const of = data.arbitrage.filter((o) => o.strategy === c.strategy && o.kind === c.kind)
    const caption = `${of.length} observations · ${of.filter((o) => o.clears).length} cleared the threshold · ${of.filter((o) => o.acted).length} acted on`
    return `<div class="figure"><h3>${escapeHtml(`${c.strategy} · ${c.kind}`)}</h3><p class="note">${escapeHtml(caption)}</p>${canvas(c.id, `${c.strategy} ${c.kind}, value vs threshold, bps`)}</div>`
  })
  const table = renderTable({
    id: 'observations-table',
    sortable: true,
    columns: [
      { title: 'time (UTC)', numeric: true },
      { title: 'strategy' },
      { title: 'kind' },
      { title: 'value (bps)', numeric: true },
      { title: 'threshold (bps)', numeric: true },
      { title: 'margin (bps)', numeric: true, hint: 'value − threshold' },
      { title: 'clears' },
      { title: 'acted' },
      { title: 'note' },
    ],
    rows: data.arbitrage.map((o) => [
      { text: formatTimeMs(o.atMs), value: o.atMs },
      { text: o.strategy },
      { text: o.kind },
      { text: formatBps(o.valueBps), value: o.valueBps },
      { text: formatBps(o.thresholdBps), value: o.thresholdBps },
      { text: formatBps(o.marginBps), value: o.marginBps },
      yesNo(o.clears),
      yesNo(o.acted),
      { text: o.note },
    ]),
  })
  return `<section id="arbitrage"><h2>Arbitrage experiments</h2><p class="lead">Every observation of the arbitrage strategies, acted on or not (paper mode acts on none), with the figure judged against its threshold.</p><div class="grid2">${figures.join('')}</div><details${data.arbitrage.length <= 50 ? ' open' : ''}><summary>All ${data.arbitrage.length} observations</summary>${table}</details></section>`
}

function yesNo(value: boolean): { text: string; html: string } {
  return {
    text: value ? 'yes' : 'no',
    html: value ? '<span class="yes">yes</span>' : '<span class="no">no</span>',
  }
}

function canvas(id: string, label: string, size = ''): string {
  return `<div class="chart${size ? ` ${size}` : ''}"><canvas id="chart-${escapeHtml(id)}" role="img" aria-label="${escapeHtml(label)}"></canvas></div>`
}

function empty(text: string): string {
  return `<p class="empty">${escapeHtml(text)}</p>`
}

/** The config fact a reader of signed transactions must see: chains that sign unsimulated. */
function renderSimulationOff(chains: readonly number[] | undefined): string {
  if (!chains || chains.length === 0) return ''
  return `<p class="warn">value-flow simulation off (<code>verify.simulation: off</code>) on chain ${escapeHtml(chains.join(', '))}: transactions there are signed without being simulated first</p>`
}
