import type { Hex } from 'viem'

/** Progress of a send, for callers that show or test it. */
export type EvmSendProgress =
  | { stage: 'broadcast'; hash: Hex; nonce: number; attempt: number }
  | { stage: 'included'; hash: Hex; blockNumber: bigint; confirmations: number }
