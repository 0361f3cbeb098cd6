import { resolve } from 'node:path'

import type { Command } from 'commander'
import { formatTimeMs } from '../../common/format/formatTimeMs.ts'
import { toPrintableJson } from '../../common/format/toPrintableJson.ts'
import { buildReportData } from '../../report/buildReportData.ts'
import { parseSinceMs } from '../../report/parseSinceMs.ts'
import { readChartLibrary } from '../../report/readChartLibrary.ts'
import { renderReportHtml } from '../../report/renderReportHtml.ts'
import type { ReportData } from '../../report/reportTypes.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { resolveJournalTarget } from '../../settings/resolveJournalTarget.ts'
import type { GlobalOptions } from '../cliContext.ts'

import { readJournalStore } from '../readJournalStore.ts'
import { writeFileAtomically } from '../writeFileAtomically.ts'

import { DEFAULT_OUT } from './reportDefaultOut.ts'

/** Options of `ferry report`. */
type ReportOptions = { journal?: string; since?: string; out?: string }

/**
 * Runs `ferry report [--config file] [--journal path] [--since 24h|7d|ISO date]
 * [--out report.html] [--json]`: reads the journal (opened as `ferry history` opens it; safe while
 * `ferry run` writes) and writes one self-contained HTML page (charts, orders table, journal entries), by
 * default `report.html` in the working directory. With `--json` it prints the same data instead
 * (bigints as decimal strings) and writes the HTML only when `--out` is given. `--config` places
 * the journal beside it and names the arbitrage strategies. An empty journal gives a page that
 * says there is no data yet, and exit 0; a missing journal is a usage error (exit 2).
 */
export async function reportCommand(opts: ReportOptions, cmd: Command): Promise<void> {
  const options = cmd.optsWithGlobals<GlobalOptions & ReportOptions>()
  const nowMs = Date.now()
  const sinceMs = opts.since === undefined ? undefined : parseSinceMs(opts.since, nowMs)
  const config = options.config ? loadConfig({ path: options.config }).config : undefined
  const arbitrageStrategyIds = (config?.strategies ?? [])
    .filter((s) => s.name === 'arbitrage')
    .map((s) => s.id)
  const data: ReportData = await readJournalStore(
    resolveJournalTarget(options.config, opts, config?.journal.url),
    async (journal, journalPath) =>
      buildReportData({
        activity: await journal.activitySince(sinceMs),
        journalPath,
        generatedAtMs: nowMs,
        sinceMs,
        arbitrageStrategyIds,
      }),
  )
  if (config)
    data.simulationOffChains = Object.entries(config.chains)
      .filter(([, chain]) => chain.verify.simulation === 'off')
      .map(([id]) => Number(id))
  const out = opts.out ?? (options.json ? undefined : DEFAULT_OUT)
  if (out !== undefined) writeFileAtomically(out, renderReportHtml(data, readChartLibrary()))
  if (options.json) {
    process.stdout.write(`${JSON.stringify(toPrintableJson(data), null, 2)}\n`)
  } else {
    process.stdout.write(`${summarize(data, resolve(out ?? DEFAULT_OUT))}\n`)
  }
}

function summarize(data: ReportData, out: string): string {
  if (data.empty) {
    return `no data yet in ${data.journalPath}${data.sinceMs === undefined ? '' : ` since ${formatTimeMs(data.sinceMs)}`}: wrote ${out}, which says so`
  }
  const o = data.outcomes
  return [
    `wrote ${out}`,
    `  entries   ${formatTimeMs(data.firstMs)} – ${formatTimeMs(data.lastMs)}`,
    `  intents   ${data.summary.intents} (completed ${o.completed}, failed ${o.failed}, cancelled ${o.cancelled}, in flight ${o.inFlight})`,
    `  decisions refused ${o.refused}, postponed ${o.postponed}, dry runs ${o.dryRun}`,
    `  orders    ${data.summary.orders}; observations ${data.summary.observations} (${data.arbitrage.length} arbitrage)`,
  ].join('\n')
}
