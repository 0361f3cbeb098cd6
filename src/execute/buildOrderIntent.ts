import type { ChainId } from '../api/schemas/chainId.ts'
import { encodeHookBytes } from '../chains/hooks/encodeHookBytes.ts'
import { toAddressBytes } from '../chains/toAddressBytes.ts'
import type { CrossChainRouteRequest, Intent } from '../common/strategy/marketTypes.ts'
import type { OrderIntent } from '../verify/orderIntent.ts'

const SOLANA = 7565164

/**
 * The yardstick the verifier holds the service's transaction to, from an accepted intent and
 * our wallets: both authorities and the cancel beneficiary are ours (P-7.1, P-7.2), the least
 * take is the strategy's minimum, a hook only when the intent has one (P-7.6), any taker. Pure.
 * Prepended operating expenses may move between the judged quote and the signed one; twice what
 * the judged quote prepended bounds them (docs/dln.md §1.1 suggests ~30 % headroom).
 * @param walletOn our address on a chain (EVM hex, Solana base58).
 */
export function buildOrderIntent(
  intent: Intent & { route: CrossChainRouteRequest },
  walletOn: (chainId: number) => string,
): OrderIntent {
  const r = intent.route
  const dst = r.dstChainId as ChainId
  const prepended =
    intent.quote.amountIn > intent.amountIn ? intent.quote.amountIn - intent.amountIn : 0n
  return {
    srcChainId: r.srcChainId as ChainId,
    dstChainId: dst,
    sender: walletOn(r.srcChainId),
    tokenIn: r.srcToken,
    amountIn: intent.amountIn,
    maxPrependedOpex: prepended * 2n,
    tokenOut: r.dstToken,
    minTakeAmount: intent.minAmountOut,
    receiver: intent.recipient,
    srcAuthority: walletOn(r.srcChainId),
    dstAuthority: walletOn(dst),
    cancelBeneficiary: walletOn(r.srcChainId),
    allowedTaker: 'any',
    ...(intent.hook
      ? {
          externalCall: encodeHookBytes(
            intent.hook as never,
            dst === SOLANA ? undefined : toAddressBytes(intent.recipient, dst),
          ),
        }
      : {}),
  }
}
