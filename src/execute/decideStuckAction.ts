import { type TokenUsdPrice, valueUsdE18 } from '../verify/prices/tokenUsdPrice.ts'

/**
 * The stuck-order policy of a route (`tracking.onStuck`, `maxPatches`, `patchStepBps` with
 * `tracking.routes[]` laid over, docs/safety.md P-7.12). Declared here because src/execute does
 * not import src/settings; the settings' `StuckPolicy` has the same shape.
 */
export type StuckPolicy = {
  onStuck: 'alert' | 'cancel' | 'patch'
  maxPatches: number
  /** Take reduction per patch, bps of the order's takeAmount. */
  patchStepBps: number
}

/** Inputs of {@link decideStuckAction}. Amounts in the take token's base units. */
export type StuckFacts = {
  policy: StuckPolicy
  /** The route's all-in cost cap, bps of the value ferry put in (risk.maxCostBps, P-8.6). */
  maxCostBps: number
  /** Patches of this order already sent (journaled, so a restart counts them too). */
  patchesMade: number
  /** The order's takeAmount as created. */
  takeAmount: bigint
  /** The subtrahend on chain now (DlnDestination.takePatches; 0 when never patched). */
  takeSubtrahend: bigint
  /**
   * What ferry put into the order (the intent's amountIn plus the flat native fee it paid) at
   * trusted prices, USD × 1e18.
   */
  inputUsdE18: bigint | undefined
  /** Trusted price of the take token on the destination chain. */
  takePrice: TokenUsdPrice | undefined
}

/** What to do with an order unfilled at its deadline. */
export type StuckAction =
  | { action: 'alert'; detail: string }
  | { action: 'cancel'; detail: string }
  | {
      action: 'patch'
      /** The new subtrahend for patchOrderTake: above the one on chain. */
      newSubtrahend: bigint
      /** What a taker must then deliver: takeAmount − newSubtrahend. */
      newTakeAmount: bigint
      /** The patched order's cost at trusted prices, bps of the input value (rounded up). */
      costBps: number
      detail: string
    }

/**
 * Decides what happens to a stuck order (docs/safety.md P-7.12). `alert` and `cancel` are what
 * the policy says. `patch` lowers the take by one step (`patchStepBps` of takeAmount, at least one
 * base unit) below the subtrahend on chain, while fewer than `maxPatches` were made and the
 * patched take, at trusted prices, still costs at most `maxCostBps` of the input value; else the
 * order is cancelled, the detail saying why. Unpriced tokens cancel: a patch is never valued with
 * the service's figures. Pure.
 */
export function decideStuckAction(facts: StuckFacts): StuckAction {
  const { policy, takeAmount } = facts
  if (policy.onStuck === 'alert') {
    return { action: 'alert', detail: 'onStuck alert: left open on chain for a person to decide' }
  }
  if (policy.onStuck === 'cancel') return { action: 'cancel', detail: 'onStuck cancel' }
  if (facts.patchesMade >= policy.maxPatches) {
    return {
      action: 'cancel',
      detail: `${facts.patchesMade} of maxPatches ${policy.maxPatches} patches made`,
    }
  }
  const stepRaw = (takeAmount * BigInt(policy.patchStepBps)) / 10_000n
  const step = stepRaw > 0n ? stepRaw : 1n
  const newSubtrahend = facts.takeSubtrahend + step
  if (newSubtrahend >= takeAmount) {
    return { action: 'cancel', detail: 'the take cannot be lowered any further' }
  }
  const newTakeAmount = takeAmount - newSubtrahend
  if (facts.inputUsdE18 === undefined || facts.takePrice === undefined || facts.inputUsdE18 <= 0n) {
    return { action: 'cancel', detail: 'no trusted price to weigh a patch with' }
  }
  const takeUsdE18 = valueUsdE18(facts.takePrice, newTakeAmount)
  const lostUsdE18 = facts.inputUsdE18 - takeUsdE18
  // Rounded up: a patch exactly at the limit passes, one a hair over does not.
  const costBps =
    lostUsdE18 <= 0n
      ? 0
      : Number((lostUsdE18 * 10_000n + facts.inputUsdE18 - 1n) / facts.inputUsdE18)
  if (costBps > facts.maxCostBps) {
    return {
      action: 'cancel',
      detail: `patch ${facts.patchesMade + 1} would cost ${costBps} bps, above maxCostBps ${facts.maxCostBps}`,
    }
  }
  return {
    action: 'patch',
    newSubtrahend,
    newTakeAmount,
    costBps,
    detail: `patch ${facts.patchesMade + 1} of ${policy.maxPatches}: take ${newTakeAmount}, cost ${costBps} bps`,
  }
}
