import type { Command } from 'commander'
import { DAY_MS } from '../../common/DAY_MS.ts'
import { toPrintableJson } from '../../common/format/toPrintableJson.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { resolveJournalTarget } from '../../settings/resolveJournalTarget.ts'
import { resolveKillSwitchPath } from '../../settings/resolveKillSwitchPath.ts'
import type { GlobalOptions } from '../cliContext.ts'
import { formatStatusReport } from '../format/formatStatusReport.ts'
import { printResult } from '../printResult.ts'
import { readJournalStore } from '../readJournalStore.ts'
import { readKillSwitchState } from '../readKillSwitchState.ts'
import { requireConfigPath } from '../requireConfigPath.ts'
import { buildStatusReport, RECENT_DRY_RUNS } from '../status/buildStatusReport.ts'

/**
 * Runs `ferry status --config <file> [--journal path]`: intents in flight against
 * `maxInFlightUsd`, the last 24 h and today's (UTC) notional against `maxNotionalUsdPerDay`, global
 * and per route, whether the kill switch is engaged, and the dry-run intents of the last 24 h
 * (marked as such, counted against nothing). Reads only (read-only open); safe while `ferry run`
 * writes.
 */
export async function statusCommand(opts: { journal?: string }, cmd: Command): Promise<void> {
  const options = cmd.optsWithGlobals<GlobalOptions>()
  const configPath = requireConfigPath(options, 'status', 'its limits and kill switch')
  const { config } = loadConfig({ path: configPath })
  const killSwitch = readKillSwitchState(
    resolveKillSwitchPath(config.risk.killSwitchFile, configPath),
  )
  const report = await readJournalStore(
    resolveJournalTarget(configPath, opts, config.journal.url),
    async (journal, journalPath) =>
      buildStatusReport({
        journalPath,
        status: await journal.status(),
        last24h: await journal.notionalUsdSince(Date.now() - DAY_MS),
        risk: config.risk,
        strategyIds: config.strategies.map((s) => s.id),
        killSwitch,
        postponed: await journal.activePostponements(Date.now()),
        recentDryRuns: await journal.dryRuns({
          sinceMs: Date.now() - DAY_MS,
          limit: RECENT_DRY_RUNS,
        }),
        dryRunTotals24h: await journal.dryRunTotals(Date.now() - DAY_MS),
      }),
  )
  printResult(options, toPrintableJson(report), () => formatStatusReport(report))
}
