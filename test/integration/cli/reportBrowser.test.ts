import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runFerry } from '../../helpers/runFerry.ts'

/** Debian's chromium: npm test's pretest (scripts/ensureChromium.sh) installs it. */
const CHROMIUM = '/usr/bin/chromium'
/** Where the screenshot is kept for people to look at (git-ignored). */
const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/', import.meta.url))

/** What the page says about one chart: the library's data and the canvas's painted pixels. */
type ChartReading = { id: string; points: number; painted: number; chart: boolean }

// The few DOM members the in-page checks use: the project compiles without the DOM lib.
type PageCanvas = {
  id: string
  width: number
  height: number
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> }
  }
}
type PageCell = { textContent: string | null; dataset: Record<string, string | undefined> }
type PageTable = {
  tHead: { rows: ArrayLike<{ cells: ArrayLike<PageCell> }> }
  tBodies: ArrayLike<{ rows: ArrayLike<{ cells: ArrayLike<PageCell> }> }>
}
type PageWindow = {
  document: {
    querySelectorAll(selector: 'canvas'): ArrayLike<PageCanvas>
    querySelector(selector: string): PageTable
  }
  ferryCharts: Record<string, { data: { datasets: { data: unknown[] }[] } }>
  scrollTo(x: number, y: number): void
}

// Issue 7 acceptance: the report of a real demo run, opened from its file in headless chromium.
describe('ferry report in headless chromium (a demo run’s report)', () => {
  let dir: string
  let context: BrowserContext
  let page: Page
  const offPage: string[] = []
  const pageErrors: string[] = []

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `${CHROMIUM} is missing: npm test installs it as root (scripts/ensureChromium.sh); else apt-get install -y --no-install-recommends chromium`,
      )
    }
    dir = mkdtempSync(join(tmpdir(), 'ferry-report-browser-'))
    const journal = join(dir, 'ferry.journal.sqlite')
    const run = await runFerry(
      ['run', 'config/demo.yaml', '--ticks', '6', '--json', '--journal', journal],
      {},
      180_000,
    )
    expect(run.code, run.stderr).toBe(0)
    const report = await runFerry([
      'report',
      '--journal',
      journal,
      '--out',
      join(dir, 'report.html'),
    ])
    expect(report.code, report.stderr).toBe(0)

    context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1440, height: 900 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    page = await context.newPage()
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) offPage.push(request.url())
    })
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(pathToFileURL(join(dir, 'report.html')).href)
    // The page's script marks the body once every chart is drawn and the table is bound.
    await page.waitForSelector('body[data-ready="true"]')
  }, 240_000)

  afterAll(async () => {
    await context?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  test('default: every chart rendered with data points, from the file alone', async () => {
    const readings = await page.evaluate((): ChartReading[] => {
      const w = globalThis as unknown as PageWindow
      return Array.from(w.document.querySelectorAll('canvas')).map((canvas) => {
        const id = canvas.id.replace(/^chart-/, '')
        const chart = w.ferryCharts[id]
        const points = chart ? chart.data.datasets.reduce((n, d) => n + d.data.length, 0) : 0
        const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height)
        let painted = 0
        for (let i = 3; i < pixels.data.length; i += 4) if (pixels.data[i]! > 0) painted++
        return { id, points, painted, chart: chart !== undefined }
      })
    })
    const ids = readings.map((r) => r.id)
    // The demo has two routes, an order with a hook, and a paper arbitrage strategy.
    for (const id of [
      'outcomes',
      'route-0',
      'route-1',
      'costs',
      'edges',
      'latency-intentToCreated',
      'latency-createdToFilled',
      'latency-filledToHookDone',
      'arbitrage-0',
      'arbitrage-1',
    ]) {
      expect(ids, id).toContain(id)
    }
    for (const reading of readings) {
      expect(reading.chart, reading.id).toBe(true)
      expect(reading.points, reading.id).toBeGreaterThan(0)
      expect(reading.painted, reading.id).toBeGreaterThan(1_000)
    }
    expect(pageErrors).toEqual([])
    expect(offPage).toEqual([])
  })

  test('behavior: a header click sorts the orders table numerically, a second click reverses', async () => {
    const column = async (title: string): Promise<{ values: number[]; ids: string[] }> =>
      page.evaluate((wanted) => {
        const table = (globalThis as unknown as PageWindow).document.querySelector('#orders-table')
        const text = (cell: PageCell | undefined): string => (cell?.textContent ?? '').trim()
        const index = Array.from(table.tHead.rows[0]!.cells).map(text).indexOf(wanted)
        const rows = Array.from(table.tBodies[0]!.rows)
        return {
          values: rows.map((r) => Number(r.cells[index]!.dataset.value)),
          ids: rows.map((r) => text(r.cells[0])),
        }
      }, title)
    const header = page.locator('#orders-table thead th', { hasText: 'cost bps' })
    const before = await column('cost bps')
    expect(before.values.length).toBeGreaterThanOrEqual(3)
    const costOf = new Map(before.ids.map((id, i) => [id, before.values[i]]))

    await header.locator('button').click()
    const ascending = await column('cost bps')
    expect(await header.getAttribute('aria-sort')).toBe('ascending')
    expect(ascending.values).toEqual([...before.values].sort((a, b) => a - b))
    // Whole rows moved: each row's number still goes with its own cost.
    expect(ascending.ids.map((id) => costOf.get(id))).toEqual(ascending.values)

    await header.locator('button').click()
    const descending = await column('cost bps')
    expect(await header.getAttribute('aria-sort')).toBe('descending')
    expect(descending.values).toEqual([...before.values].sort((a, b) => b - a))

    // The row-number column: descending is the reverse of the journal order.
    const numbers = page.locator('#orders-table thead th', { hasText: '#' }).first()
    await numbers.locator('button').click()
    await numbers.locator('button').click()
    const byNumber = await column('#')
    expect(byNumber.values).toEqual([...byNumber.values].sort((a, b) => b - a))
  })

  test('behavior: an intent id opens its journal entries; a screenshot is kept', async () => {
    await page.locator('#orders-table a.intent-link').first().click()
    const open = page.locator('details.journal[open]')
    await expect.poll(() => open.count()).toBe(1)
    const entries = await open.textContent()
    expect(entries).toContain('signed attempts')
    expect(entries).toContain('hook steps')

    await page.evaluate(() => (globalThis as unknown as PageWindow).scrollTo(0, 0))
    mkdirSync(ARTIFACTS, { recursive: true })
    const path = join(ARTIFACTS, 'report.png')
    await page.screenshot({ path, fullPage: true })
    expect(existsSync(path)).toBe(true)
  })
})
