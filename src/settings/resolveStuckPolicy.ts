import type { DeepReadonly } from './deepFreeze.ts'
import type { RouteRiskKey } from './resolveRouteRiskLimits.ts'
import type { OnStuck, TrackingSettings } from './trackingSettingsSchema.ts'

/** What ferry does with one route's order still unfilled at its tracking deadline. */
export type StuckPolicy = {
  onStuck: OnStuck
  /** Most take patches of one order (`patch` only). */
  maxPatches: number
  /** Take reduction per patch, bps of the order's takeAmount (`patch` only). */
  patchStepBps: number
}

/**
 * The stuck-order policy of a route (docs/safety.md P-7.12): the first matching
 * `tracking.routes[]` entry laid over `tracking` (a matcher left out matches anything). `onStuck`
 * resolves route entry → `tracking.onStuck` → `cancel` when `tracking.autoCancel` → `alert`, so a
 * config that only says `autoCancel: true` keeps cancelling. Pure.
 */
export function resolveStuckPolicy(
  tracking: DeepReadonly<TrackingSettings>,
  key: RouteRiskKey,
): StuckPolicy {
  const route = tracking.routes.find(
    (r) =>
      (r.strategy === undefined || r.strategy === key.strategyId) &&
      (r.srcChainId === undefined || r.srcChainId === key.srcChainId) &&
      (r.dstChainId === undefined || r.dstChainId === key.dstChainId),
  )
  return {
    onStuck: route?.onStuck ?? tracking.onStuck ?? (tracking.autoCancel ? 'cancel' : 'alert'),
    maxPatches: route?.maxPatches ?? tracking.maxPatches,
    patchStepBps: route?.patchStepBps ?? tracking.patchStepBps,
  }
}
