import { z } from 'zod'
import { chainSettingsSchema } from './chainSettingsSchema.ts'
import { clusterSettingsSchema } from './clusterSettingsSchema.ts'
import { configFields } from './configFields.ts'
import { journalSettingsSchema } from './journalSettingsSchema.ts'
import { observeSettingsSchema } from './observeSettingsSchema.ts'
import { priceSettingsSchema } from './priceSettingsSchema.ts'
import { recordingSettingsSchema } from './recordingSettingsSchema.ts'
import { riskSettingsSchema } from './riskSettingsSchema.ts'
import { serviceSettingsSchema } from './serviceSettingsSchema.ts'
import { strategyInstanceSchema } from './strategyInstanceSchema.ts'
import { trackingSettingsSchema } from './trackingSettingsSchema.ts'
import { walletSettingsSchema } from './walletSettingsSchema.ts'
import { withFix } from './withFix.ts'

/**
 * A whole ferry config file (config/*.yaml). Every object is strict, so a misspelt key is an error
 * naming its path. Sections left out take their documented defaults; `mode` defaults to dry-run
 * (architecture decision 4, safety P-4.1).
 */
export const ferryConfigSchema = z
  .strictObject({
    /** Editor hint only (`ferry config schema > ferry.schema.json`); ignored by ferry. */
    $schema: z.string().optional(),
    /**
     * `dry-run` (default): quote, decide, verify and journal what would be sent, sign nothing.
     * `live`: send, and only with `ferry run --live` as well (P-4.1).
     */
    mode: z.enum(['dry-run', 'live']).default('dry-run'),
    service: serviceSettingsSchema.prefault({}),
    /** Per service chain id (e.g. `42161:`): RPCs, confirmations, fee caps. Default none. */
    chains: z.record(configFields.chainIdKey, chainSettingsSchema).default({}),
    wallets: walletSettingsSchema.prefault({}),
    risk: riskSettingsSchema.prefault({}),
    /** Strategy instances, run in this order within a tick. Default none. */
    strategies: z.array(strategyInstanceSchema).default([]),
    tracking: trackingSettingsSchema.prefault({}),
    observe: observeSettingsSchema.prefault({}),
    /** The market journaled for `ferry replay` and how long it is kept. */
    recording: recordingSettingsSchema.prefault({}),
    /**
     * Trusted USD prices per token (peg, on-chain feed, or same asset as another token) that the
     * value-flow checks use, never the service's figures (safety P-8.8). Default none.
     */
    prices: priceSettingsSchema.default([]),
    /** Where the journal lives when not in the SQLite file: a PostgreSQL URL. */
    journal: journalSettingsSchema.prefault({}),
    /** Several `ferry run` processes on one PostgreSQL journal: lease TTL, instance name. */
    cluster: clusterSettingsSchema.prefault({}),
  })
  .superRefine((config, ctx) => {
    const seen = new Map<string, number>()
    config.strategies.forEach((s, i) => {
      const first = seen.get(s.id)
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['strategies', i, 'id'],
          message: withFix(
            `"${s.id}" is already the id of strategies[${first}]`,
            'give each instance its own id',
          ),
        })
      } else seen.set(s.id, i)
    })
    config.prices.forEach((entry, i) => {
      if (!entry.feed) return
      const feedChainId = entry.feed.chainId ?? entry.chainId
      if (config.chains[String(feedChainId)] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['prices', i, 'feed', entry.feed.chainId === undefined ? 'address' : 'chainId'],
          message: withFix(
            `the feed is on chain ${feedChainId}, which has no RPC in chains`,
            `add chains.${feedChainId}.rpcUrls, or read the feed on a configured chain`,
          ),
        })
    })
    if (config.mode !== 'live') return
    const embeddedFix = 'give the real URL, or use mode: dry-run for the embedded world'
    for (const key of ['apiUrl', 'statsUrl'] as const) {
      if (config.service[key] === 'embedded')
        ctx.addIssue({
          code: 'custom',
          path: ['service', key],
          message: withFix('embedded is not allowed with mode: live', embeddedFix),
        })
    }
    if (config.service.apiUrl === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['service', 'apiUrl'],
        message: withFix('mode: live needs the service URL', 'set service.apiUrl'),
      })
    for (const [chainId, chain] of Object.entries(config.chains)) {
      chain.rpcUrls.forEach((url, i) => {
        if (url === 'embedded')
          ctx.addIssue({
            code: 'custom',
            path: ['chains', chainId, 'rpcUrls', i],
            message: withFix('embedded is not allowed with mode: live', embeddedFix),
          })
      })
    }
    if (config.wallets.evm === undefined && config.wallets.solana === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['wallets'],
        message: withFix(
          'mode: live needs a wallet',
          'set wallets.evm (privateKeyEnv + address) and/or wallets.solana',
        ),
      })
  })

/** A parsed, defaulted config; {@link loadConfig} returns it deep-frozen. */
export type FerryConfig = z.infer<typeof ferryConfigSchema>
