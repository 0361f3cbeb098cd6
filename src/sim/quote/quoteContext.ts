import type { Hex } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import type { Market } from '../market/market.ts'
import type { QuoteConfig } from './quoteConfig.ts'

/** What an injected gas estimator sees: the built transaction. */
export type GasEstimateRequest = {
  chainId: ChainId
  from: string
  to: Hex
  data: Hex
  value: bigint
}

/** Gas estimator for enableEstimate; the devnet plugs in a real `eth_estimateGas`. */
export type EstimateGas = (request: GasEstimateRequest) => number

/** Everything a quote builder reads besides the request. */
export type QuoteContext = {
  market: Market
  /** Overrides of {@link QuoteConfig}; missing fields take the defaults. */
  config?: Partial<QuoteConfig>
  /** Quote time, in ms since the epoch: the salt source and nothing else. */
  nowMs: number
  /**
   * The order's maker (`tx.origin` on EVM). Default: senderAddress, else
   * srcChainOrderAuthorityAddress.
   */
  maker?: string
  /** Gas estimator used when enableEstimate is set. Default: the config's gas model. */
  estimateGas?: EstimateGas
}
