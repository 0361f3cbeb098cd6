import { existsSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Command } from 'commander'
import { toPrintableJson } from '../../common/format/toPrintableJson.ts'
import type { Strategy } from '../../common/strategy/strategyContract.ts'
import { UsageError } from '../../common/UsageError.ts'
import { createLogger } from '../../observe/createLogger.ts'
import { compareReplay } from '../../replay/compareReplay.ts'
import { readReplayRecording } from '../../replay/readReplayRecording.ts'
import type { ReplayMode, ReplayRecording } from '../../replay/replayTypes.ts'
import { runReplay } from '../../replay/runReplay.ts'
import { buildReportData } from '../../report/buildReportData.ts'
import { parseSinceMs } from '../../report/parseSinceMs.ts'
import { readChartLibrary } from '../../report/readChartLibrary.ts'
import { renderReportHtml } from '../../report/renderReportHtml.ts'
import type { ReplaySection } from '../../report/replaySectionTypes.ts'
import { ConfigError } from '../../settings/ConfigError.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { overrideConfigText } from '../../settings/overrideConfigText.ts'
import { parseFerryConfig } from '../../settings/parseFerryConfig.ts'
import { resolveJournalTarget } from '../../settings/resolveJournalTarget.ts'
import type { JournalActivity } from '../../store/sqlite/createJournalQueries.ts'
import { formatReplayGrid } from '../format/formatReplayGrid.ts'
import { formatReplaySection } from '../format/formatReplaySection.ts'
import type { GridAxis } from '../optionParsers.ts'
import { readJournalStore } from '../readJournalStore.ts'
import { loadStrategies } from '../run/loadStrategies.ts'
import { writeFileAtomically } from '../writeFileAtomically.ts'

type ReplayOptions = {
  from?: string
  since?: string
  until?: string
  grid?: GridAxis[]
  as?: ReplayMode
  fillDelayMs?: number
  out?: string
  json?: boolean
  logLevel?: string
}

/**
 * Runs `ferry replay <config> [--from JOURNAL] [--since ISO] [--until ISO] [--grid key=v1,v2]
 * [--as paper|sent] [--fill-delay-ms N] [--json] [--out report.html]`: the journal's recorded
 * ticks and quotes through the config's strategies and risk checks (src/replay), beside what the
 * journal did. The journal is resolved as every command resolves it (`--from`, FERRY_JOURNAL_URL,
 * journal.url, FERRY_JOURNAL, the file beside the config) and only read: a SQLite file or a
 * PostgreSQL database `ferry record` wrote. No network but the journal's, no wall clock: the
 * same journal and config print the same bytes.
 */
export async function replayCommand(configPath: string, _o: unknown, command: Command) {
  const options = command.optsWithGlobals<ReplayOptions>()
  const sinceMs = options.since === undefined ? undefined : isoMs('--since', options.since)
  const untilMs = options.until === undefined ? undefined : isoMs('--until', options.until)
  if (sinceMs !== undefined && untilMs !== undefined && sinceMs >= untilMs)
    throw new UsageError(
      '--until',
      `${options.until} is not after --since ${options.since}: the window is empty`,
      'give --since the earlier date and --until the later one',
    )
  const { config, env } = loadConfig({ path: configPath })
  const logger = createLogger({ level: options.logLevel ?? 'warn', secrets: [] })
  const strategies = await loadStrategies(config, dirname(configPath), { logger })
  const target = resolveJournalTarget(
    configPath,
    { journal: options.from },
    config.journal.url,
    process.env,
    '--from',
  )
  if (target.kind === 'sqlite' && !existsSync(target.path)) {
    throw new UsageError(
      target.source ?? '--from',
      `no journal at ${target.path}`,
      'give the journal ferry record or ferry run wrote (ferry.journal.sqlite next to its config, or its postgres:// URL)',
    )
  }
  // Read-only, as `ferry history` reads: a replay never creates, migrates or writes a journal.
  const { recording, activity, journalName } = await readJournalStore(
    target,
    async (store, journalName) => ({
      journalName,
      recording: await readReplayRecording(store, sinceMs, untilMs),
      activity:
        options.out === undefined
          ? { intents: [], observations: [] }
          : within(await store.activitySince(sinceMs), untilMs),
    }),
  )
  const mode =
    options.as ?? (recording.actual.some((a) => a.outcome !== 'dryRun') ? 'sent' : 'paper')
  const fromMs = recording.ticks[0]?.tickMs
  const toMs = recording.ticks.at(-1)?.tickMs
  const text = readFileSync(configPath, 'utf8')
  warnUnknownStrategies(
    recording,
    config.strategies.map((s) => s.id),
    journalName,
  )
  const sections: ReplaySection[] = []
  const points = gridPoints(options.grid ?? [])
  const progress = gridProgress(points.length, options.grid !== undefined)
  for (const point of points) {
    progress()
    const label =
      point.length === 0 ? configPath : point.map((p) => `${p.path}=${p.value}`).join(' ')
    const pointConfig = point.length === 0 ? config : configAt(configPath, text, point, env)
    const run = await runReplay({
      config: pointConfig,
      strategies: strategies as Record<string, Strategy<never>>,
      recording,
      mode,
      ...(options.fillDelayMs === undefined ? {} : { defaultFillDelayMs: options.fillDelayMs }),
    })
    sections.push(compareReplay({ label, run, actual: recording.actual, fromMs, toMs }))
  }
  if (options.out !== undefined) {
    const data = buildReportData({
      activity,
      journalPath: journalName,
      // The recording's last tick, never the wall clock: the page is the same bytes every time.
      generatedAtMs: toMs ?? 0,
      sinceMs,
      arbitrageStrategyIds: config.strategies
        .filter((s) => s.name === 'arbitrage')
        .map((s) => s.id),
    })
    data.replay = sections
    writeFileAtomically(options.out, renderReportHtml(data, readChartLibrary()))
  }
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify(toPrintableJson({ mode, replays: sections }), null, 2)}\n`,
    )
  } else {
    const out = options.grid ? formatReplayGrid(sections) : formatReplaySection(sections[0]!)
    process.stdout.write(`${out}\n`)
  }
}

/** An ISO date of `--since` or `--until` (UTC unless an offset is given); durations are not taken. */
function isoMs(flag: string, text: string): number {
  const ms = /^\d{4}-/.test(text.trim()) ? parseSinceMs(text, 0) : Number.NaN
  if (Number.isFinite(ms)) return ms
  throw new UsageError(
    flag,
    `"${text}" is not an ISO date`,
    'write a date like 2026-11-01 or 2026-11-01T08:00Z (UTC unless an offset is given); a replay takes no time relative to now, so it prints the same every time',
  )
}

/** Grids this large print their progress to stderr, every tenth of the way. */
const LARGE_GRID_POINTS = 100

/**
 * Says on stderr how many points a grid has (stdout stays the table, the same bytes every
 * time), and on a large grid counts them off as they run.
 */
function gridProgress(count: number, grid: boolean): () => void {
  if (!grid) return () => {}
  process.stderr.write(`ferry replay: ${count} grid point(s)\n`)
  const step = Math.ceil(count / 10)
  let done = 0
  return () => {
    if (count >= LARGE_GRID_POINTS && done > 0 && done % step === 0)
      process.stderr.write(`ferry replay: grid point ${done + 1} of ${count}\n`)
    done++
  }
}

/**
 * Warns when the journal's ticks ran strategy instances the config does not have: the journal
 * was written under another config, and those instances' quotes are replayed by nobody.
 */
function warnUnknownStrategies(
  recording: ReplayRecording,
  configured: readonly string[],
  from: string,
): void {
  const recorded = new Set(recording.ticks.flatMap((t) => t.strategies))
  const absent = [...recorded].filter((id) => !configured.includes(id))
  if (absent.length === 0) return
  process.stderr.write(
    `ferry replay: warning: ${from} was written under strategies this config does not have (${absent.join(', ')}): their recorded quotes are not replayed (replay it under the config that recorded it)\n`,
  )
}

/** The activity the report shows: what was journaled before `untilMs`. */
function within(activity: JournalActivity, untilMs: number | undefined): JournalActivity {
  if (untilMs === undefined) return activity
  return {
    intents: activity.intents.filter((h) => h.intent.createdMs < untilMs),
    observations: activity.observations.filter((o) => o.observedMs < untilMs),
  }
}

type GridPoint = { path: string; value: string }[]

/** Every combination of the axes' values, the first axis slowest; one empty point without any. */
function gridPoints(axes: readonly GridAxis[]): GridPoint[] {
  let points: GridPoint[] = [[]]
  for (const axis of axes)
    points = points.flatMap((p) => axis.values.map((value) => [...p, { path: axis.path, value }]))
  return points
}

/** The config with a grid point's keys set, parsed as `ferry run` would; exit 2 when it fails. */
function configAt(
  configPath: string,
  text: string,
  point: GridPoint,
  env: Parameters<typeof parseFerryConfig>[1],
): DeepReadonly<FerryConfig> {
  const changed = point.reduce((t, p) => overrideConfigText(t, p.path, p.value), text)
  const parsed = parseFerryConfig(changed, env)
  if (!parsed.ok)
    throw new ConfigError(
      `${configPath} with --grid ${point.map((p) => `${p.path}=${p.value}`).join(' ')}`,
      parsed.problems,
    )
  return parsed.config
}
