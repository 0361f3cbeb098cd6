import type { Hex } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'

/**
 * What ferry itself asked for when it requested a cross-chain order: the yardstick every decoded
 * field of the service's transaction is held against (safety P-1.3, P-7.1..P-7.8). Addresses are
 * written as on their chain (EVM hex, Solana base58).
 */
export type OrderIntent = {
  srcChainId: ChainId
  dstChainId: ChainId
  /** The wallet the input leaves on the source chain: the key's address, or its Safe. */
  sender: string
  /**
   * The key that sends the transaction, DlnSource's maker (`tx.origin`, docs/dln.md §4.2), when it
   * is not `sender`: ferry's key executing for a Safe. Default `sender`.
   */
  maker?: string
  /** Input token on the source chain. */
  tokenIn: string
  /** Input amount requested, in base units, before any prepended operating expenses. */
  amountIn: bigint
  /**
   * Most operating expenses the service may prepend to the input, in input base units.
   * 0 unless prependOperatingExpenses was asked for. Default 0.
   */
  maxPrependedOpex?: bigint
  /** Output token on the destination chain. */
  tokenOut: string
  /** Least take amount ferry accepts (the threshold its strategy decided), in output base units. */
  minTakeAmount: bigint
  receiver: string
  srcAuthority: string
  dstAuthority: string
  /** Must be ferry's own source address (safety P-7.2). */
  cancelBeneficiary: string
  /** `empty`: no allowedTaker; `any`: whatever the service set; or the takers accepted. Default `any`. */
  allowedTaker?: 'empty' | 'any' | readonly string[]
  /** Configured affiliate fee; without it any affiliate bytes are refused (safety P-7.8). */
  affiliate?: { recipient: string; amount: bigint }
  /** The exact externalCall bytes requested; without it any hook is refused (safety P-7.6). */
  externalCall?: Hex
  /** Referral code sent with the request; 0 when none. */
  referralCode?: number
}
