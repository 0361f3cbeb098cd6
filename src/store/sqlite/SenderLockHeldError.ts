import { UsageError } from '../../common/UsageError.ts'

/** Who holds a sender lock, as far as the lock row or the lock file says. */
export type SenderLockHolder = {
  chainId: number
  address: string
  pid: number
  ownerId: string
  lockFilePath: string
}

/**
 * Another live ferry process (or another engine in this one) runs for this wallet on this chain:
 * two senders would race for nonces and could both land an order (P-2.4), and two rehearsals
 * would journal each other's observations, so this one must not start. A mistake of whoever
 * started the second process: exit 2, naming the holder's pid and the fix.
 */
export class SenderLockHeldError extends UsageError {
  override name = 'SenderLockHeldError'
  readonly holder: SenderLockHolder

  constructor(holder: SenderLockHolder) {
    super(
      `wallet ${holder.address} on chain ${holder.chainId}`,
      `locked by another ferry process (pid ${holder.pid})`,
      `stop the process with pid ${holder.pid} first (one ferry run per wallet and journal); if that pid is not ferry (reused after a reboot), delete the lock file ${holder.lockFilePath}`,
      {
        metaMessages: [
          `wallet: ${holder.address}`,
          `chain: ${holder.chainId}`,
          `holder pid: ${holder.pid}`,
          `holder owner: ${holder.ownerId}`,
          `lock file: ${holder.lockFilePath}`,
        ],
      },
    )
    this.holder = holder
  }
}
