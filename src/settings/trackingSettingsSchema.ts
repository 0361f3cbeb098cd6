import { z } from 'zod'
import { configFields } from './configFields.ts'

/** The `tracking` section: how long an order may stay unfilled, and what happens then (P-7.4). */
export const trackingSettingsSchema = z.strictObject({
  /**
   * Age after which an order still in Created (or a hook not yet Executed) raises an alert, ms.
   * Default 600 000 (10 min; fills usually take 10-60 s).
   */
  deadlineMs: configFields.ms.min(10_000).default(600_000),
  /**
   * Cancel an order past its deadline through the destination authority, funds refunded to our
   * source address (P-7.2, P-7.4). Costs destination gas plus the messaging fee. Default false.
   */
  autoCancel: z.boolean().default(false),
  /**
   * Pause between two looks at a transaction's receipt, an order's fill or a hook's steps, ms.
   * Default 2 000 (the embedded world uses 250). P-7.11 suggests 15 000-30 000 against the real
   * service's tracking API, which shares the rate budget.
   */
  pollIntervalMs: configFields.ms.min(100).default(2_000),
})
export type TrackingSettings = z.infer<typeof trackingSettingsSchema>
