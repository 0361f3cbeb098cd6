import type { Hex } from 'viem'
import { FerryError } from '../../common/FerryError.ts'

/**
 * Where a failed send leaves its transaction (safety P-2.1..P-2.3): `rejected` (the node refused
 * it; nothing is in flight), `unknown` (bytes may have left and may still land: reconcile by the
 * hashes, never re-quote), or `nonceConsumed` (another transaction took the nonce, so none of
 * ours can land any more).
 */
export type EvmSendState = 'rejected' | 'unknown' | 'nonceConsumed'

/** A send that did not end in a receipt at the required depth. */
export class EvmSendError extends FerryError {
  override name = 'EvmSendError'
  readonly state: EvmSendState
  readonly nonce: number | undefined
  /** Every hash signed for the nonce: the reconciler looks each of them up (P-2.10). */
  readonly hashes: Hex[]

  constructor(
    state: EvmSendState,
    problem: string,
    info: { nonce?: number; hashes?: Hex[]; details?: string },
  ) {
    super(`EVM send ${state}: ${problem}`, {
      metaMessages: [
        ...(info.nonce === undefined ? [] : [`nonce: ${info.nonce}`]),
        ...(info.hashes?.length ? [`hashes: ${info.hashes.join(', ')}`] : []),
      ],
      details: info.details,
    })
    this.state = state
    this.nonce = info.nonce
    this.hashes = info.hashes ?? []
  }
}
