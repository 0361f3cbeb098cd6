import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'

/** Registers `ferry cluster status`; its action, clusterStatusCommand.ts, loads when it runs. */
export function registerClusterCommand(program: Command): void {
  const cluster = program
    .command('cluster')
    .description('several ferry run processes on one PostgreSQL journal')
  cluster
    .command('status')
    .configureHelp({ showGlobalOptions: true })
    .description('instances, wallet leases, holders, fencing tokens, expiries and heartbeat lag')
    .option(
      '--journal <url>',
      'the PostgreSQL journal (else FERRY_JOURNAL_URL, else journal.url of --config)',
    )
    .action(
      lazyAction(async () => (await import('./clusterStatusCommand.ts')).clusterStatusCommand),
    )
}
