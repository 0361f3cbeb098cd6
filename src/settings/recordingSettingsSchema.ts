import { z } from 'zod'
import { configFields } from './configFields.ts'

/** A week, ms: the default retention of the recorded market. */
export const DEFAULT_RECORDING_RETENTION_MS = 7 * 86_400_000

/**
 * The `recording` section: the market each tick saw (balances, every quote fetched), journaled so
 * `ferry replay` can feed it through the strategies again. An intent's decision quote is kept
 * whatever the retention.
 */
export const recordingSettingsSchema = z.strictObject({
  /**
   * How long recorded ticks and quotes stay in the journal, ms; older ones are pruned while
   * ferry runs (about once a minute). Default 604 800 000 (7 days); 0 keeps none.
   */
  retentionMs: configFields.ms.default(DEFAULT_RECORDING_RETENTION_MS),
})
export type RecordingSettings = z.infer<typeof recordingSettingsSchema>
