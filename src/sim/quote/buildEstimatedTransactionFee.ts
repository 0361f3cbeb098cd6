import type { ChainId } from '../../api/schemas/chainId.ts'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import type { EstimatedTransactionFee } from '../../api/schemas/estimatedTransactionFee.ts'
import type { Market } from '../market/market.ts'
import type { QuoteConfig } from './quoteConfig.ts'

// Rent and fees of a Solana order creation, in lamports (docs/dln.md §1.4).
const GIVE_ORDER_STATE_RENT = 2_115_840n
const GIVE_ORDER_WALLET_RENT = 2_039_280n
const SOLANA_TX_FEE = 5_000n

/**
 * estimatedTransactionFee (docs/service.md §2.8) of a transaction on `chainId`, in native base units. EVM:
 * gasLimit x gasPrice of the config, priority fee 10 % of the price. Solana: tx fee, priority fee
 * (compute units x micro-lamport price / 1e6) and, for an order (`withOrderRent`), the rent of
 * the order accounts (nonce master not included: it is paid only once per maker).
 */
export function buildEstimatedTransactionFee(
  market: Market,
  config: QuoteConfig,
  chainId: ChainId,
  gasLimit: number,
  withOrderRent: boolean,
): EstimatedTransactionFee {
  const native = market.nativeToken(chainId)
  if (chainId === SOLANA_CHAIN_ID) {
    const priorityFee =
      (BigInt(config.solanaComputeUnitLimit) * BigInt(config.solanaComputeUnitPriceMicroLamports)) /
      1_000_000n
    const rent = withOrderRent ? GIVE_ORDER_STATE_RENT + GIVE_ORDER_WALLET_RENT : 0n
    const total = SOLANA_TX_FEE + priorityFee + rent
    return {
      total: total.toString(),
      details: {
        ...(withOrderRent
          ? {
              giveOrderState: GIVE_ORDER_STATE_RENT.toString(),
              giveOrderWallet: GIVE_ORDER_WALLET_RENT.toString(),
              nonceMaster: '0',
            }
          : {}),
        txFee: SOLANA_TX_FEE.toString(),
        priorityFee: priorityFee.toString(),
      },
      approximateUsdValue: market.valueUsd(native, total),
    }
  }
  const gasPrice = config.gasPriceWei[chainId] ?? config.defaultGasPriceWei
  const priority = gasPrice / 10n
  const total = BigInt(gasLimit) * gasPrice
  return {
    total: total.toString(),
    details: {
      gasLimit: String(gasLimit),
      gasPrice: gasPrice.toString(),
      baseFee: (gasPrice - priority).toString(),
      maxFeePerGas: (gasPrice * 2n - priority).toString(),
      maxPriorityFeePerGas: priority.toString(),
    },
    approximateUsdValue: market.valueUsd(native, total),
  }
}
