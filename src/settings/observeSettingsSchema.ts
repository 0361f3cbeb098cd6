import { z } from 'zod'
import { alertSettingsSchema } from './alertSettingsSchema.ts'
import { configFields } from './configFields.ts'

/** The `observe` section: logs, Prometheus metrics and alert webhooks. */
export const observeSettingsSchema = z.strictObject({
  /** pino level of the log on stderr. Default info. */
  logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Port of the Prometheus `/metrics` and `/health` endpoints; unset = no endpoint. */
  metricsPort: z.number().int().min(1).max(65_535).optional(),
  /** Interface of the metrics port; unset = loopback (127.0.0.1); `0.0.0.0` in a container. */
  metricsHost: z.string().min(1).optional(),
  /**
   * Short form of one `generic` alert destination: a URL receiving a JSON POST per alert; use
   * ${VAR} for tokens. `alerts` (URLs from env vars, Slack and Telegram formats) is preferred.
   */
  webhookUrl: configFields.httpUrl.optional(),
  /** Alerts to webhooks, Slack or Telegram (alertSettingsSchema.ts); unset = none. */
  alerts: alertSettingsSchema.optional(),
})
export type ObserveSettings = z.infer<typeof observeSettingsSchema>
