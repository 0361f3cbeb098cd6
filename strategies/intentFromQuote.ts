import type {
  CrossChainRouteRequest,
  Intent,
  QuoteObservation,
} from '../src/common/strategy/marketTypes.ts'

/**
 * The intent of a cross-chain move a strategy decided on: the route and the quote it judged, the
 * quote's guaranteed output as the least acceptable one (the verifier holds the calldata to it),
 * the route's hook, and the input's USD value as the notional. Pure.
 */
export function intentFromQuote(
  route: CrossChainRouteRequest,
  quote: QuoteObservation,
  reason: string,
): Intent {
  return {
    route,
    quote,
    amountIn: route.amountIn,
    minAmountOut: quote.minAmountOut,
    recipient: route.recipient,
    ...(route.hook === undefined ? {} : { hook: route.hook }),
    notionalUsd: quote.amountInUsd,
    reason,
  }
}
