/**
 * The report page's own script, run after the inlined Chart.js: draws each chart of the
 * `ferry-chart-specs` JSON (ChartSpec, see chartTypes.ts) on the canvas `chart-<id>`, keeps the
 * charts in `window.ferryCharts` by id (the browser test reads their data there), makes every
 * `table.sortable` sort on a header click (ascending, then descending; columns marked
 * `data-type="number"` by their cells' `data-value`, empty values last either way), and opens the
 * journal entries an `#intent-N` link points at. Plain ES2020 with no imports: it runs from a
 * file:// page with no network. Animations are off, so a chart is drawn when its constructor
 * returns (and a screenshot shows it).
 */
export const REPORT_SCRIPT = `
(() => {
  'use strict'
  const specs = JSON.parse(document.getElementById('ferry-chart-specs').textContent)
  const pad = (n) => String(n).padStart(2, '0')
  const timeText = (ms, spanMs) => {
    const d = new Date(ms)
    const hms = pad(d.getUTCHours()) + ':' + pad(d.getUTCMinutes()) + ':' + pad(d.getUTCSeconds())
    if (spanMs < 86400000) return hms
    return pad(d.getUTCMonth() + 1) + '-' + pad(d.getUTCDate()) + ' ' + hms.slice(0, 5)
  }
  const numberText = (value, format) => {
    if (format === 'usd') return '$' + value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    if (format === 'count') return Number.isInteger(value) ? value.toLocaleString('en-US') : ''
    if (format === 'bps') return value.toLocaleString('en-US', { maximumFractionDigits: 2 })
    return value.toLocaleString('en-US', { maximumFractionDigits: 6 })
  }
  Chart.defaults.font.family = getComputedStyle(document.body).fontFamily
  Chart.defaults.font.size = 12
  Chart.defaults.color = '#374151'
  window.ferryCharts = {}
  for (const spec of specs) {
    const canvas = document.getElementById('chart-' + spec.id)
    if (!canvas) continue
    const isTime = spec.kind === 'time'
    let spanMs = 0
    let xMin
    let xMax
    if (isTime) {
      const xs = spec.datasets.flatMap((d) => d.data.map((p) => p.x))
      if (xs.length) {
        xMin = xs.reduce((a, b) => Math.min(a, b))
        xMax = xs.reduce((a, b) => Math.max(a, b))
        spanMs = xMax - xMin
        // A margin on both sides; a lone point gets a minute around it instead of a zero span.
        const marginMs = Math.max(spanMs * 0.04, spanMs === 0 ? 30000 : 500)
        xMin -= marginMs
        xMax += marginMs
      }
    }
    const datasets = spec.datasets.map((d) => isTime
      ? {
          label: d.label,
          data: d.data.slice().sort((a, b) => a.x - b.x),
          borderColor: d.color,
          backgroundColor: d.color,
          showLine: d.style !== 'points',
          borderDash: d.style === 'dashed' ? [6, 4] : [],
          borderWidth: d.style === 'dashed' ? 2 : 1.5,
          pointRadius: d.style === 'dashed' ? 0 : d.style === 'line' ? 5 : 3.5,
          pointStyle: d.style === 'dashed' ? 'line' : d.style === 'line' ? 'circle' : 'rectRot',
          pointBackgroundColor: d.style === 'line' ? 'rgba(255,255,255,0)' : d.color,
          pointBorderWidth: 2,
          stepped: d.style === 'dashed' ? 'before' : false,
        }
      : { label: d.label, data: d.data, backgroundColor: d.color, borderColor: d.color, maxBarThickness: 56 })
    const chart = new Chart(canvas, {
      type: isTime ? 'scatter' : 'bar',
      data: isTime ? { datasets } : { labels: spec.labels, datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { display: datasets.length > 1, position: 'bottom', labels: { usePointStyle: true } },
          tooltip: {
            callbacks: {
              title: (items) => isTime && items.length ? new Date(items[0].parsed.x).toISOString().replace('T', ' ').slice(0, 19) + 'Z' : undefined,
              label: (item) => item.dataset.label + ': ' + numberText(item.parsed.y, spec.yFormat === 'count' ? 'amount' : spec.yFormat) + (spec.yUnit && spec.yFormat !== 'usd' ? ' ' + spec.yUnit : ''),
            },
          },
        },
        scales: {
          x: {
            type: isTime ? 'linear' : 'category',
            suggestedMin: xMin,
            suggestedMax: xMax,
            stacked: !isTime && spec.stacked,
            title: { display: true, text: spec.xTitle, font: { weight: 'bold' } },
            ticks: isTime ? { callback: (value) => timeText(value, spanMs), maxRotation: 0, autoSkipPadding: 16 } : { maxRotation: 45, autoSkip: true },
            grid: { color: '#eef0f3' },
          },
          y: {
            stacked: !isTime && spec.stacked,
            beginAtZero: spec.yFormat === 'count' || spec.yFormat === 'usd',
            // Room above and below, so points on a bound (an edge of 0) stay visible.
            grace: spec.yFormat === 'count' || spec.yFormat === 'usd' ? 0 : '8%',
            title: { display: true, text: spec.yTitle, font: { weight: 'bold' } },
            ticks: { callback: (value) => numberText(value, spec.yFormat), precision: spec.yFormat === 'count' ? 0 : undefined },
            grid: { color: '#eef0f3' },
          },
        },
      },
    })
    window.ferryCharts[spec.id] = chart
  }

  for (const table of document.querySelectorAll('table.sortable')) {
    const headers = Array.from(table.tHead.rows[0].cells)
    headers.forEach((th, column) => {
      const button = th.querySelector('button')
      if (!button) return
      button.addEventListener('click', () => {
        const ascending = th.getAttribute('aria-sort') !== 'ascending'
        for (const other of headers) other.removeAttribute('aria-sort')
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending')
        const numeric = th.dataset.type === 'number'
        const body = table.tBodies[0]
        const keyed = Array.from(body.rows).map((row, index) => {
          const cell = row.cells[column]
          const raw = cell ? (cell.dataset.value ?? cell.textContent.trim()) : ''
          const empty = raw === '' || raw === '-'
          return { row, index, empty, key: numeric ? Number(raw) : raw.toLowerCase() }
        })
        keyed.sort((a, b) => {
          if (a.empty !== b.empty) return a.empty ? 1 : -1
          let order = 0
          if (!a.empty) order = numeric ? a.key - b.key : a.key < b.key ? -1 : a.key > b.key ? 1 : 0
          return (ascending ? order : -order) || a.index - b.index
        })
        for (const { row } of keyed) body.appendChild(row)
      })
    })
  }

  const openTarget = () => {
    const target = location.hash && document.getElementById(location.hash.slice(1))
    if (target && target.tagName === 'DETAILS') target.open = true
  }
  window.addEventListener('hashchange', openTarget)
  openTarget()
  document.body.dataset.ready = 'true'
})()
`
