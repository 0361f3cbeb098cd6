import { FerryError } from '../../common/FerryError.ts'
import type { WalletLeaseClaim } from './JournalStore.ts'

/** The lease row as found when a claim failed; undefined when the wallet has no lease row. */
export type LeaseSeen = { holder: string; token: number; expiresAtMs: number } | undefined

/**
 * A claim on a wallet's lease no longer holds: it expired by the database's clock, or another
 * process took it over (a higher token). The claimant must stop sending from the wallet at once;
 * a fenced write that threw this wrote nothing, so its transaction must never be broadcast.
 */
export class LeaseLostError extends FerryError {
  override name = 'LeaseLostError'
  readonly chainId: number
  readonly address: string
  readonly claim: WalletLeaseClaim
  readonly seen: LeaseSeen

  constructor(chainId: number, address: string, claim: WalletLeaseClaim, seen: LeaseSeen) {
    super(
      `the lease of wallet ${address} on chain ${chainId} is no longer held by ${claim.holder}`,
      {
        metaMessages: [
          `wallet: ${address}`,
          `chain: ${chainId}`,
          `claim: ${claim.holder}, token ${claim.token}`,
          seen === undefined
            ? 'lease: none'
            : `lease: ${seen.holder}, token ${seen.token}, expires ${new Date(seen.expiresAtMs).toISOString()} (database clock)`,
          'fix: stop sending from this wallet; acquire the lease again and reconcile before signing anew',
        ],
      },
    )
    this.chainId = chainId
    this.address = address
    this.claim = claim
    this.seen = seen
  }
}
