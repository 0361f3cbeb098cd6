import { formatTimeMs } from '../../common/format/formatTimeMs.ts'
import { formatUsd } from '../../common/format/formatUsd.ts'
import type { StatusReport } from '../status/buildStatusReport.ts'
import { formatTable } from './formatTable.ts'

/** The human summary of `ferry status`: kill switch, in-flight value, daily notional, routes. */
export function formatStatusReport(report: StatusReport): string {
  const { killSwitch, inFlight, daily } = report
  const lines = [
    `journal      ${report.journal}`,
    `kill switch  ${killSwitch.engaged ? 'ON' : 'off'} (${killSwitch.path}${killSwitch.engaged ? '' : ' absent'})${killSwitch.note ? `: ${killSwitch.note}` : ''}`,
    `in flight    ${inFlight.count} intent(s), ${formatUsd(inFlight.usd)} of ${formatUsd(inFlight.maxUsd)} maxInFlightUsd${over(inFlight.usd, inFlight.maxUsd)}`,
    `24 h         ${formatUsd(daily.last24hUsd)} of ${formatUsd(daily.maxUsd)} maxNotionalUsdPerDay${over(daily.last24hUsd, daily.maxUsd)}`,
    `today (UTC)  ${formatUsd(daily.todayUsd)} since ${formatTimeMs(daily.dayStartMs)}`,
    `dry runs     ${report.dryRuns.count24h} intent(s), ${formatUsd(report.dryRuns.usd24h)} in 24 h (dry-run: nothing signed, not counted against limits)`,
  ]
  if (report.routes.length > 0) {
    lines.push(
      '',
      formatTable([
        ['route', '24h', 'limit/day', 'left', 'today', 'in flight', 'limit'],
        ...report.routes.map((r) => [
          r.route,
          formatUsd(r.last24hUsd),
          formatUsd(r.maxNotionalUsdPerDay),
          formatUsd(Math.max(0, r.maxNotionalUsdPerDay - r.last24hUsd)),
          formatUsd(r.todayUsd),
          formatUsd(r.inFlightUsd),
          formatUsd(r.maxInFlightUsd),
        ]),
      ]),
    )
  }
  if (inFlight.intents.length > 0) {
    lines.push(
      '',
      'in-flight intents',
      formatTable([
        ['id', 'strategy', 'route', 'state', 'notional', 'updated'],
        ...inFlight.intents.map((i) => [
          i.id,
          i.strategy,
          i.route,
          i.state,
          formatUsd(i.notionalUsd),
          formatTimeMs(i.updatedMs),
        ]),
      ]),
    )
  }
  if (report.postponed.length > 0) {
    lines.push(
      '',
      'postponed (not quoted again before)',
      formatTable([
        ['strategy', 'request', 'reason', 'until', 'detail'],
        ...report.postponed.map((p) => [
          p.strategy,
          p.requestId,
          p.reason,
          formatTimeMs(p.untilMs),
          p.detail,
        ]),
      ]),
    )
  }
  if (report.dryRuns.recent.length > 0) {
    lines.push(
      '',
      'dry-run intents (newest first, nothing signed)',
      formatTable([
        ['id', 'strategy', 'route', 'state', 'notional', 'decided'],
        ...report.dryRuns.recent.map((d) => [
          d.intentId,
          d.strategy,
          d.route,
          'dry-run',
          formatUsd(d.notionalUsd),
          formatTimeMs(d.observedMs),
        ]),
      ]),
    )
  }
  return lines.join('\n')
}

function over(usd: number, maxUsd: number): string {
  return usd >= maxUsd ? ' (limit reached)' : ''
}
