import type { Address } from 'viem'
import type { ChainId } from '../api/schemas/chainId.ts'
import { EVM_NATIVE, type EvmValueFlowExpectation } from './evmValueFlowExpectation.ts'
import type { PriceSnapshot, TrustedPriceSource } from './prices/tokenUsdPrice.ts'
import type { VerifiedEvmOrder } from './verifyEvmOrderTx.ts'

/** What an order's simulated flow must show, minus the sender's wallet and chain. */
export type OrderFlowExpectation = Omit<EvmValueFlowExpectation, 'wallet' | 'chainId'>

/**
 * The plan an order transaction (and a pending approval before it) must follow (P-8.2..P-8.6):
 * exactly the verified input leaves the wallet (native input: plus the on-chain fee), the
 * CreatedOrder is the verified order, value at trusted prices within `maxCostBps`. `approval` is
 * the allowance ferry plans or already holds for the order's spender (a spend may lower it).
 */
export function orderFlowExpectation(params: {
  verified: VerifiedEvmOrder
  dlnSource: Address
  /** The ERC-20 input; undefined for native input. */
  token: Address | undefined
  fixedFeeWei: bigint
  approval: { spender: Address; amount: bigint } | undefined
  maxCostBps: number
  prices: PriceSnapshot
}): OrderFlowExpectation {
  const { verified, token } = params
  return {
    kind: 'order',
    outflow: { token: token ?? EVM_NATIVE, amount: verified.amountIn },
    nativeFeeWei: params.fixedFeeWei,
    ...(token && params.approval ? { approval: { token, ...params.approval } } : {}),
    order: { dlnSource: params.dlnSource, orderId: verified.orderId, order: verified.order },
    maxCostBps: params.maxCostBps,
    prices: params.prices,
  }
}

/**
 * Trusted prices for one order, read once: the input and native tokens at once (in parallel
 * with the chain reads), the give token of a wrapped order when it is first known.
 */
export function orderPrices(
  source: TrustedPriceSource,
  chainId: ChainId,
  tokenIn: string,
): (giveToken: string) => Promise<PriceSnapshot> {
  const base = [
    { chainId, token: tokenIn },
    { chainId, token: EVM_NATIVE },
  ]
  const first = source.snapshot(base)
  // Rejections are seen by the caller when it asks; never left unhandled meanwhile.
  first.catch(() => {})
  const more = new Map<string, Promise<PriceSnapshot>>()
  return async (giveToken) => {
    const snapshot = await first
    const key = giveToken.toLowerCase()
    if (key === tokenIn.toLowerCase() || key === EVM_NATIVE || snapshot.get(chainId, key)) {
      return snapshot
    }
    let extra = more.get(key)
    if (!extra) {
      extra = source.snapshot([...base, { chainId, token: key }])
      more.set(key, extra)
    }
    return extra
  }
}
