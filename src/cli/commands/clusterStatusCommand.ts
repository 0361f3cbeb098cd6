import type { Command } from 'commander'
import { toPrintableJson } from '../../common/format/toPrintableJson.ts'
import { UsageError } from '../../common/UsageError.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { resolveJournalTarget } from '../../settings/resolveJournalTarget.ts'
import { readClusterInstances } from '../../store/cluster/readClusterInstances.ts'
import { readWalletLeases } from '../../store/cluster/readWalletLeases.ts'
import { openPgJournal } from '../../store/pg/openPgJournal.ts'
import type { GlobalOptions } from '../cliContext.ts'
import { buildClusterStatus } from '../cluster/buildClusterStatus.ts'
import { formatClusterStatus } from '../format/formatClusterStatus.ts'
import { printResult } from '../printResult.ts'

/**
 * Runs `ferry cluster status [--config <file>] [--journal <postgres url>]`: every instance on the
 * shared PostgreSQL journal (alive or gone, heartbeat lag, wallets held) and every wallet lease
 * (holder, fencing token, expiry), by the database's clock (docs/architecture.md §5). Reads only.
 */
export async function clusterStatusCommand(
  opts: { journal?: string },
  cmd: Command,
): Promise<void> {
  const options = cmd.optsWithGlobals<GlobalOptions>()
  const configUrl =
    options.config === undefined
      ? undefined
      : loadConfig({ path: options.config }).config.journal.url
  const target = resolveJournalTarget(options.config, opts, configUrl)
  if (target.kind !== 'postgres') {
    throw new UsageError(
      '--journal',
      'ferry cluster status reads a shared PostgreSQL journal, and none is configured',
      'set FERRY_JOURNAL_URL=postgres://…, or journal.url in the config given by --config',
    )
  }
  const store = await openPgJournal(target.url, { maxConnections: 2, requireJournal: true })
  try {
    const status = buildClusterStatus(
      await readClusterInstances(store.db),
      await readWalletLeases(store.db),
    )
    printResult(options, toPrintableJson(status), () => formatClusterStatus(status))
  } finally {
    await store.close()
  }
}
