/** Where a fill landed on the destination chain, as the stats store records it. */
export type DestinationFill = {
  /** 0x-hex: the EVM transaction hash, or the Solana signature's bytes. */
  txHash: string
  /** EVM block number, or Solana slot. */
  blockNumber: number
  blockHash: string
  /** Block time, in seconds since the epoch. */
  timeS: number
  /** Whether the order's hook succeeded (always true on Solana, where hooks are not run). */
  hookOk: boolean
}
