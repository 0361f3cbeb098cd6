import { z } from 'zod'
import { configFields } from './configFields.ts'

/** The `observe` section: logs, Prometheus metrics and alert webhooks. */
export const observeSettingsSchema = z.strictObject({
  /** pino level of the log on stderr. Default info. */
  logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Port of the Prometheus `/metrics` endpoint on loopback; unset = no endpoint. */
  metricsPort: z.number().int().min(1).max(65_535).optional(),
  /** URL receiving a JSON POST per alert (deadline, failure, kill switch); use ${VAR} for tokens. */
  webhookUrl: configFields.httpUrl.optional(),
})
export type ObserveSettings = z.infer<typeof observeSettingsSchema>
