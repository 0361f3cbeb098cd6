import { describe, expect, test } from 'vitest'
import { buildReportData } from '../../../src/report/buildReportData.ts'
import { escapeHtml } from '../../../src/report/escapeHtml.ts'
import { renderReportHtml } from '../../../src/report/renderReportHtml.ts'
import { toScriptJson } from '../../../src/report/toScriptJson.ts'
import { tmpJournal } from '../store/tmpJournal.ts'

const EVIL = `</script><script>alert("x")</script><img src=x onerror='alert(1)'>&amp;<!--`
const LIBRARY = { source: 'window.Chart = function Chart() {}', name: 'Chart.js test' }

/** The text of the `<script type="application/json" id="…">` element of a page. */
function jsonElement(html: string, id: string): string {
  const start = html.indexOf(`<script type="application/json" id="${id}">`)
  const open = html.indexOf('>', start) + 1
  return html.slice(open, html.indexOf('</script>', open))
}

describe('escapeHtml', () => {
  test('default: the five characters that can open markup or leave an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
    expect(escapeHtml('42161 → 8453: ok')).toBe('42161 → 8453: ok')
  })
})

describe('toScriptJson', () => {
  test('default: no journal string can close the script element, and the data parses back', () => {
    const value = { note: EVIL, amount: 10n ** 30n, sep: '\u2028\u2029' }
    const json = toScriptJson(value)
    expect(json).not.toMatch(/<|>|&/)
    expect(json).not.toMatch(/[\u2028\u2029]/)
    expect(JSON.parse(json)).toEqual({
      note: EVIL,
      amount: (10n ** 30n).toString(),
      sep: '\u2028\u2029',
    })
  })
})

describe('renderReportHtml', () => {
  test('behavior: every journal string is escaped in the page and intact in its data', () => {
    const { journal, path } = tmpJournal()
    journal.recordIntent({
      id: `intent ${EVIL}`,
      strategy: `strategy ${EVIL}`,
      route: `route ${EVIL}`,
      params: { note: EVIL },
      notionalUsd: 1,
    })
    journal.setIntentState(`intent ${EVIL}`, 'failed', `reason ${EVIL}`)
    journal.recordObservation(`arb ${EVIL}`, {
      kind: 'roundTrip',
      valueBps: -1,
      thresholdBps: 5,
      acted: false,
      note: `note ${EVIL}`,
    })
    const data = buildReportData({
      activity: journal.activitySince(),
      journalPath: `${path} ${EVIL}`,
      generatedAtMs: 0,
      sinceMs: undefined,
    })
    const html = renderReportHtml(data, LIBRARY)

    // Exactly the page's own four scripts: two JSON blocks, the library, the page's script.
    expect(html.match(/<script/gi)).toHaveLength(4)
    expect(html.match(/<\/script>/gi)).toHaveLength(4)
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<!--')
    expect(html).toContain('intent &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)')
    expect(html).toContain('note &lt;/script&gt;')
    // The inlined data is the same data, strings unchanged.
    const inlined = JSON.parse(jsonElement(html, 'ferry-report-data'))
    expect(inlined.orders[0].intentId).toBe(`intent ${EVIL}`)
    expect(inlined.orders[0].reason).toBe(`reason ${EVIL}`)
    expect(inlined.arbitrage[0].note).toBe(`note ${EVIL}`)
    expect(inlined.journalPath).toBe(`${path} ${EVIL}`)
  })

  test('behavior: a library text holding </script> cannot end its element early', () => {
    const { journal, path } = tmpJournal()
    const data = buildReportData({
      activity: journal.activitySince(),
      journalPath: path,
      generatedAtMs: 0,
      sinceMs: undefined,
    })
    const html = renderReportHtml(data, {
      source: 'var s = "</SCRIPT><b>"; var c = "<!--"\n//# sourceMappingURL=chart.umd.min.js.map',
      name: 'x',
    })
    expect(html.match(/<\/script>/gi)).toHaveLength(4)
    expect(html).toContain('var s = "<\\/SCRIPT><b>"')
    expect(html).not.toContain('sourceMappingURL')
  })

  test('behavior: an empty journal says there is no data yet and draws no chart', () => {
    const { journal, path } = tmpJournal()
    const data = buildReportData({
      activity: journal.activitySince(),
      journalPath: path,
      generatedAtMs: 0,
      sinceMs: undefined,
    })
    const html = renderReportHtml(data, LIBRARY)
    expect(html).toContain('No data yet')
    expect(html).not.toContain('<canvas')
    expect(JSON.parse(jsonElement(html, 'ferry-chart-specs'))).toEqual([])
  })
})
