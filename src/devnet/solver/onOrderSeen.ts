import { type Hex, size } from 'viem'
import { type ChainId, SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { encodeBase58 } from '../../chains/base58.ts'
import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'
import type { Market } from '../../sim/market/market.ts'
import { addressText } from './addressText.ts'
import { decideFill } from './decideFill.ts'
import { fillOrder } from './fillOrder.ts'
import { fillWhenTakeLowered } from './fillWhenTakeLowered.ts'
import { hexBytes } from './hexBytes.ts'
import type { SeenOrder } from './SeenOrder.ts'
import type { SolverContext } from './SolverContext.ts'

/**
 * Takes in a new order once (later sightings are ignored): records it unexecuted in the stats
 * store, emits `seen`, then judges it (the behaviour, then decideFill at the market's prices). An
 * order left unfilled emits `skipped`; one to fill is filled after the behaviour's fill delay
 * (default 500 ms), or, with `fillAtMostTakeBps`, once its take was patched low enough. `percentFee` is in the give token's base units, `fixFee` in the source's
 * native base units.
 */
export function onOrderSeen(
  ctx: SolverContext,
  orderId: Hex,
  order: DlnOrder,
  referralCode: number,
  percentFee: bigint,
  fixFee: bigint,
): void {
  const { seen, market, stats, events, logger } = ctx
  if (seen.has(orderId)) return
  const giveChainId = Number(order.giveChainId)
  const native = market.nativeToken(giveChainId as ChainId)
  const usdOf = (chainId: number, token: Hex, amount: bigint): number =>
    priceUsdOf(market, chainId, token, amount) ?? 0
  const record: SeenOrder = {
    order,
    orderId,
    referralCode,
    volumeUsd: usdOf(giveChainId, order.giveTokenAddress, order.giveAmount),
    feesUsd:
      usdOf(giveChainId, order.giveTokenAddress, percentFee) + market.valueUsd(native, fixFee),
  }
  seen.set(orderId, record)
  const hasHook = size(order.externalCall) > 0
  stats.recordOrder({
    orderId,
    maker: addressText(giveChainId, order.makerSrc),
    referralCode: referralCode || undefined,
    volumeUsd: record.volumeUsd,
    feesUsd: record.feesUsd,
    executed: false,
    hookInstructionsCount: hasHook ? 1 : 0,
    order,
  })
  events.emit('seen', { orderId, giveChainId, takeChainId: Number(order.takeChainId) })
  const behaviour = ctx.behaviourOf(orderId)
  if (behaviour.neverFill || (hasHook && behaviour.hook === 'revert')) return
  const decision = decideFill({
    giveUsd: priceUsdOf(market, giveChainId, order.giveTokenAddress, order.giveAmount),
    takeUsd: priceUsdOf(
      market,
      Number(order.takeChainId),
      order.takeTokenAddress,
      order.takeAmount,
    ),
    minMarginBps: ctx.minMarginBps,
  })
  if (!decision.fill) {
    // Once per order: `seen` keeps it from being judged again at the next poll.
    logger.info(
      { orderId, reason: decision.reason, marginBps: Math.round(decision.marginBps) },
      'order left unfilled',
    )
    events.emit('skipped', { orderId, reason: decision.reason, marginBps: decision.marginBps })
    return
  }
  if (behaviour.fillAtMostTakeBps !== undefined) {
    fillWhenTakeLowered(ctx, record, {
      ...behaviour,
      fillAtMostTakeBps: behaviour.fillAtMostTakeBps,
    })
    return
  }
  const timer = setTimeout(() => {
    ctx.timers.delete(timer)
    ctx.track(fillOrder(ctx, record, behaviour).catch((error) => ctx.fail(orderId, 'fill', error)))
  }, behaviour.fillDelayMs ?? 500)
  ctx.timers.add(timer)
}

/** The USD value of `amount` base units of an order's token; undefined when it is unpriced. */
function priceUsdOf(
  market: Market,
  chainId: number,
  token: Hex,
  amount: bigint,
): number | undefined {
  const address = chainId === SOLANA_CHAIN_ID ? encodeBase58(hexBytes(token)) : token
  const t = market.findToken(chainId as ChainId, address)
  return t ? market.valueUsd(t, amount) : undefined
}
