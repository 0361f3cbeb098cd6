import { z } from 'zod'
import { configFields } from './configFields.ts'
import { withFix } from './withFix.ts'

/**
 * What ferry does with an order still unfilled at `tracking.deadlineMs` (docs/safety.md P-7.4,
 * P-7.12): `alert` only raises the stuck alert and ends the intent failed (the order stays open on
 * chain); `cancel` cancels it and follows the refund; `patch` lowers its take with patchOrderTake
 * (at most `maxPatches` times, each within the route's maxCostBps) and cancels after that.
 */
export const onStuckField = z.enum(['alert', 'cancel', 'patch'], {
  error: withFix('is not an onStuck policy', 'write alert, cancel or patch'),
})
export type OnStuck = z.infer<typeof onStuckField>

const maxPatchesField = z
  .number({ error: withFix('must be a count', 'write a whole number such as 2') })
  .int({ error: withFix('must be a whole number', 'write e.g. 2') })
  .min(0, { error: withFix('must not be negative', 'write 0..10') })
  .max(10, { error: withFix('is above 10', 'write 0..10; past that, cancel and re-quote') })

const patchStepBpsField = configFields.bps.min(1, {
  error: withFix('must be at least 1 bps', 'write e.g. 10 for 0.1%'),
})

/**
 * One `tracking.routes[]` entry: the stuck-order policy of the orders it matches. Every matcher
 * that is set must equal the order's (strategy instance id, source chain, destination chain); the
 * first matching entry wins; unset fields keep the `tracking` value.
 */
export const routeTrackingSchema = z.strictObject({
  /** Strategy instance id (`strategies[].id`) this entry applies to. */
  strategy: z.string().min(1).optional(),
  srcChainId: configFields.chainId.optional(),
  dstChainId: configFields.chainId.optional(),
  /** This route's stuck-order policy. */
  onStuck: onStuckField.optional(),
  /** This route's largest number of take patches of one order. */
  maxPatches: maxPatchesField.optional(),
  /** This route's take reduction per patch, bps of the order's takeAmount. */
  patchStepBps: patchStepBpsField.optional(),
})

/** The `tracking` section: how long an order may stay unfilled, and what happens then (P-7.4). */
export const trackingSettingsSchema = z.strictObject({
  /**
   * Age after which an order still in Created (or a hook not yet Executed) raises an alert, ms.
   * Default 600 000 (10 min; fills usually take 10-60 s). A take patch starts the wait again.
   */
  deadlineMs: configFields.ms.min(10_000).default(600_000),
  /**
   * Cancel an order past its deadline through the destination authority, funds refunded to our
   * source address (P-7.2, P-7.4). Costs destination gas plus the messaging fee. Default false.
   * Shorthand for `onStuck: cancel`; an `onStuck` that is set (here or in a matching
   * `tracking.routes[]` entry) wins over it.
   */
  autoCancel: z.boolean().default(false),
  /**
   * What happens to an order still unfilled at the deadline: `alert`, `cancel` or `patch`
   * (P-7.12). Precedence: the first matching `tracking.routes[]` entry's `onStuck`, then this,
   * then `cancel` when `autoCancel` is true, else `alert`. Default unset.
   */
  onStuck: onStuckField.optional(),
  /**
   * With `onStuck: patch`, the most take patches one order gets; one more deadline after the
   * last, the order is cancelled. 0 cancels at once. Default 2.
   */
  maxPatches: maxPatchesField.default(2),
  /**
   * With `onStuck: patch`, how much each patch lowers the take, bps of the order's takeAmount
   * (patch n asks the taker for takeAmount × (1 − n × patchStepBps / 10 000)). A patch whose take
   * would cost more than the route's `risk.maxCostBps` at trusted prices is not sent: the order is
   * cancelled instead. Default 10 (0.1%).
   */
  patchStepBps: patchStepBpsField.default(10),
  /** Per-route stuck-order policy, first match wins. Default none. */
  routes: z.array(routeTrackingSchema).default([]),
  /**
   * Pause between two looks at a transaction's receipt, an order's fill or a hook's steps, ms.
   * Default 2 000 (the embedded world uses 250). P-7.11 suggests 15 000-30 000 against the real
   * service's tracking API, which shares the rate budget.
   */
  pollIntervalMs: configFields.ms.min(100).default(2_000),
})
export type TrackingSettings = z.infer<typeof trackingSettingsSchema>
