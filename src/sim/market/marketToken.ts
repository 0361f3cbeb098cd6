import type { ChainId } from '../../api/schemas/chainId.ts'

/** A token the simulated market trades. */
export type MarketToken = {
  chainId: ChainId
  /** As the service writes it: lower-case 0x hex on EVM, base58 on Solana. */
  address: string
  symbol: string
  name: string
  decimals: number
  /** Key of the USD price this token follows: WETH follows `ETH`, WBTC follows `BTC`. */
  priceSymbol: string
  /** Whether it is the chain's native currency (zero address / system program). */
  isNative: boolean
}
