import { FerryError } from '../../common/FerryError.ts'

/**
 * A heartbeat found the sender lock no longer ours (taken over after it expired, or removed by
 * hand). The holder must stop sending from the wallet at once (P-2.4).
 */
export class SenderLockLostError extends FerryError {
  override name = 'SenderLockLostError'

  constructor(chainId: number, address: string, ownerId: string, lockFilePath: string) {
    super(`the sender lock of wallet ${address} on chain ${chainId} is no longer held`, {
      metaMessages: [
        `wallet: ${address}`,
        `chain: ${chainId}`,
        `owner: ${ownerId}`,
        `lock file: ${lockFilePath}`,
        'fix: stop sending from this wallet, then restart ferry so it reconciles first',
      ],
    })
  }
}
