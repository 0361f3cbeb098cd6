import type { JournalStore, WalletLeaseClaim } from '../../store/contract/JournalStore.ts'
import { LeaseLostError } from '../../store/contract/LeaseLostError.ts'
import { toWalletKey } from '../../store/contract/toWalletKey.ts'

/**
 * The shared journal as this process's executors see it: every write-ahead insert carries the
 * lease claim this process holds on the sending wallet, so the database refuses it (and nothing
 * is sent) once the lease is gone (docs/architecture.md §5). A wallet this process does not hold
 * is refused here, before the database is asked. Writes are not grouped (`withinBatch` runs its
 * work as it is).
 */
export function fenceJournalStore(
  store: JournalStore,
  leaseFor: (chainId: number, address: string) => WalletLeaseClaim | undefined,
  holder: string,
): JournalStore {
  return {
    ...store,
    // Ungrouped on the shared journal: a grouped tick keeps a transaction and its row locks open
    // across every await, and across a pause of the whole process, which a takeover would then
    // wait on. Each write commits alone (a round trip on loopback, no fsync storm as on SQLite).
    withinBatch: (work) => work(),
    recordSignedAttempt(params) {
      const lease = leaseFor(params.chainId, params.from)
      if (lease === undefined) {
        const claim = { holder, token: 0 }
        return Promise.reject(
          new LeaseLostError(params.chainId, toWalletKey(params.from), claim, undefined),
        )
      }
      return store.recordSignedAttempt({ ...params, lease })
    },
  }
}
