import type { ClusterStatus } from '../cluster/buildClusterStatus.ts'
import { formatTable } from './formatTable.ts'

/** The human summary of `ferry cluster status`: instances, then leases. */
export function formatClusterStatus(status: ClusterStatus): string {
  const live = status.instances.filter((i) => i.alive).length
  const lines = [
    `cluster at ${new Date(status.dbNowMs).toISOString()} (database clock): ${live} of ${status.instances.length} instance(s) alive`,
    '',
  ]
  if (status.instances.length === 0)
    lines.push('no instance has joined (no ferry run on this journal)')
  else {
    lines.push(
      formatTable([
        ['instance', 'host', 'pid', 'state', 'lag', 'wallets', 'ttl'],
        ...status.instances.map((i) => [
          i.id,
          i.host,
          String(i.pid),
          i.alive ? 'alive' : 'gone',
          seconds(i.lagMs),
          String(i.wallets),
          seconds(i.leaseTtlMs),
        ]),
      ]),
    )
  }
  lines.push('')
  if (status.leases.length === 0) lines.push('no wallet lease yet')
  else {
    lines.push(
      formatTable([
        ['chain', 'wallet', 'holder', 'token', 'state', 'expires'],
        ...status.leases.map((l) => [
          String(l.chainId),
          l.wallet,
          l.holderAlive ? l.holder : `${l.holder} (gone)`,
          String(l.token),
          l.state,
          l.expiresInMs >= 0 ? `in ${seconds(l.expiresInMs)}` : `${seconds(-l.expiresInMs)} ago`,
        ]),
      ]),
    )
  }
  return lines.join('\n')
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}
