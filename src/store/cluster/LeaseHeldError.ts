import { FerryError } from '../../common/FerryError.ts'

/**
 * Another ferry process holds the lease of this wallet and it has not expired by the database's
 * clock: this process must not send from the wallet. Normal on a shared journal (the work is
 * another instance's), so a run-time outcome, not a user mistake.
 */
export class LeaseHeldError extends FerryError {
  override name = 'LeaseHeldError'
  readonly chainId: number
  readonly address: string
  /** Who holds the lease now. */
  readonly holder: string
  /** When the held lease expires unless renewed, database clock, ms since the epoch. */
  readonly expiresAtMs: number

  constructor(chainId: number, address: string, holder: string, expiresAtMs: number) {
    super(`wallet ${address} on chain ${chainId} is leased by ${holder}`, {
      metaMessages: [
        `wallet: ${address}`,
        `chain: ${chainId}`,
        `holder: ${holder}`,
        `expires: ${new Date(expiresAtMs).toISOString()} (database clock)`,
        'fix: leave this wallet to its holder; the lease can be taken over once it expires',
      ],
    })
    this.chainId = chainId
    this.address = address
    this.holder = holder
    this.expiresAtMs = expiresAtMs
  }
}
