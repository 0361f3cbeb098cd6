import { FerryError } from '../common/FerryError.ts'

/** Who holds a sender lock, as far as the lock row or the lock file says. */
export type SenderLockHolder = {
  chainId: number
  address: string
  pid: number
  ownerId: string
  lockFilePath: string
}

/**
 * Another live ferry process (or another engine in this one) sends from this wallet on this chain:
 * two senders would race for nonces and could both land an order (P-2.4), so this one must not
 * start.
 */
export class SenderLockHeldError extends FerryError {
  override name = 'SenderLockHeldError'
  readonly holder: SenderLockHolder

  constructor(holder: SenderLockHolder) {
    super(
      `wallet ${holder.address} on chain ${holder.chainId} is locked by another ferry process (pid ${holder.pid})`,
      {
        metaMessages: [
          `wallet: ${holder.address}`,
          `chain: ${holder.chainId}`,
          `holder pid: ${holder.pid}`,
          `holder owner: ${holder.ownerId}`,
          `lock file: ${holder.lockFilePath}`,
          `fix: stop the process with pid ${holder.pid}; if that pid is not ferry (reused after a reboot), delete the lock file`,
        ],
      },
    )
    this.holder = holder
  }
}
