import type { ChainId } from '../../api/schemas/chainId.ts'
import type { Clock } from '../../common/clock.ts'
import type { Logger } from '../../common/Logger.ts'
import type { EvmRpc } from './createEvmRpc.ts'
import type { EvmSigner } from './createEvmSigner.ts'
import type { EvmFeePolicy } from './evmFeePolicy.ts'
import type { EvmSendJournal } from './sendJournal.ts'

/** The settled settings of one (chain, address) sender, shared by the steps of each send. */
export type EvmSenderContext = {
  /** Spec chain id. */
  chainId: ChainId
  /** EIP-155 id the transactions are signed for and the RPC must serve. */
  nativeChainId: number
  signer: EvmSigner
  rpc: EvmRpc
  journal: EvmSendJournal
  feePolicy: EvmFeePolicy
  clock: Clock
  logger: Logger
  /** Time without a receipt before a fee-bumped replacement, in ms. */
  replaceAfterMs: number
  /** Receipt poll interval, in ms. */
  pollIntervalMs: number
  /** Time after which a send still without a final receipt throws `unknown`, in ms. */
  maxWaitMs: number
}
