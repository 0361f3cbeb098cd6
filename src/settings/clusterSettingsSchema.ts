import { z } from 'zod'
import { configFields } from './configFields.ts'
import { withFix } from './withFix.ts'

/** Default lease TTL of a wallet, ms. */
export const DEFAULT_LEASE_TTL_MS = 10_000

/**
 * The `cluster` section: how a `ferry run` on a shared PostgreSQL journal takes part in a cluster
 * (docs/architecture.md §5). Ignored on the SQLite journal.
 */
export const clusterSettingsSchema = z.strictObject({
  /**
   * How long a wallet's lease lasts unless renewed, ms, by the database's clock; leases are
   * renewed every quarter of it. An instance that dies is replaced within about this long plus a
   * tick. Default 10 000; at least 1 000.
   */
  leaseTtlMs: configFields.ms
    .min(1_000, { error: withFix('is under 1000 ms', 'use at least 1000 ms') })
    .default(DEFAULT_LEASE_TTL_MS),
  /**
   * This process's name in the cluster (holder of its leases); unique per process. Default
   * `<host>-<pid>-<random>`, new at every start.
   */
  instanceId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, {
      error: withFix('is not a plain name', 'use letters, digits and . _ : - (up to 100)'),
    })
    .optional(),
})
export type ClusterSettings = z.infer<typeof clusterSettingsSchema>
