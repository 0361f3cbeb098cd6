import { z } from 'zod'
import { configFields } from './configFields.ts'
import { withFix } from './withFix.ts'

/**
 * The alert kinds, as `observe.alerts.minIntervalMs` keys them; src/observe/alertTypes.ts takes
 * its list from here and decideAlerts.ts decides each one.
 */
export const ALERT_KIND_NAMES = [
  'orderStuck',
  'hookFailed',
  'verificationRefused',
  'riskLimit',
  'killSwitch',
  'gasReserveLow',
  'consecutiveFailures',
  'marketMoved',
  'rpcDisagreement',
  'walletUnheld',
  'configFailure',
] as const

const chatIdError = withFix('is not a chat id', 'write the numeric chat id or @channelname')

/** Least time between two sends of one kind, ms; a kind left out takes the default 60 000. */
const intervalMs = configFields.ms.optional()

/**
 * One place alerts go. The URL is never written in the config: Slack and Telegram URLs embed a
 * token, so `urlEnv` names the env var (or `.env` entry) that holds it, as wallets name theirs
 * with `privateKeyEnv` (safety P-5.3).
 */
export const alertDestinationSchema = z
  .strictObject({
    /**
     * `generic`: JSON `{kind, severity, title, text, labels, atMs}`; `slack`: an incoming
     * webhook's `{text, blocks}`; `telegram`: the Bot API `sendMessage` body.
     */
    format: z.enum(['generic', 'slack', 'telegram'], {
      error: withFix('is not an alert format', 'write generic, slack or telegram'),
    }),
    /**
     * Env var holding the URL: any https endpoint for generic, the incoming-webhook URL for slack,
     * `https://api.telegram.org/bot<token>/sendMessage` for telegram.
     */
    urlEnv: configFields.envName,
    /** Telegram only: the chat to post in, a numeric id (`-1001234567890`) or `@channelname`. */
    chatId: z
      .union([
        z.string({ error: chatIdError }).min(1, { error: chatIdError }),
        z.number({ error: chatIdError }).int({ error: chatIdError }),
      ])
      .optional(),
  })
  .superRefine((d, ctx) => {
    if (d.format === 'telegram' && d.chatId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['chatId'],
        message: withFix('telegram needs the chat to post in', 'set chatId: <id or @channel>'),
      })
    if (d.format !== 'telegram' && d.chatId !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['chatId'],
        message: withFix(`${d.format} takes no chatId`, 'remove chatId, or use format: telegram'),
      })
  })

/**
 * The `observe.alerts` section: where alerts go and how often. Alerts are best effort: a send
 * that fails after its retries is logged, never fatal, and never delays a tick (P-3.6).
 */
export const alertSettingsSchema = z.strictObject({
  /** Where every alert is sent: one or more destinations, each posted to in turn. */
  destinations: z
    .array(alertDestinationSchema, {
      error: withFix('must be a list', 'write - { format: generic, urlEnv: FERRY_ALERT_URL }'),
    })
    .min(1, {
      error: withFix(
        'needs at least one destination',
        'add - { format: generic, urlEnv: FERRY_ALERT_URL }, or remove the alerts section',
      ),
    }),
  /**
   * Rate limit per alert kind: the least time between two alerts of one kind, ms. What comes
   * sooner is counted and summarised in the next alert of that kind. Default 60 000 for each.
   */
  minIntervalMs: z
    .strictObject({
      orderStuck: intervalMs,
      hookFailed: intervalMs,
      verificationRefused: intervalMs,
      riskLimit: intervalMs,
      killSwitch: intervalMs,
      gasReserveLow: intervalMs,
      consecutiveFailures: intervalMs,
      marketMoved: intervalMs,
      rpcDisagreement: intervalMs,
      walletUnheld: intervalMs,
      configFailure: intervalMs,
    })
    .default({}),
  /** Retries of one send after a network error, a timeout, a 5xx or a 429. Default 3. */
  retries: z
    .number({ error: withFix('must be a number of retries', 'write 0..10, e.g. 3') })
    .int({ error: withFix('must be a whole number', 'write 0..10, e.g. 3') })
    .min(0, { error: withFix('must not be negative', 'write 0..10') })
    .max(10, { error: withFix('is above 10', 'write 0..10; a broken webhook is only logged') })
    .default(3),
  /** Timeout of one send attempt, ms. Default 10 000. */
  timeoutMs: configFields.ms
    .min(100, { error: withFix('is below 100 ms', 'write e.g. 10000') })
    .default(10_000),
  /**
   * Alert when this many intents in a row end without success (failed, cancelled or refused); a
   * completed one resets the count. Default 3.
   */
  consecutiveFailures: z
    .number({ error: withFix('must be a count', 'write a whole number such as 3') })
    .int({ error: withFix('must be a whole number', 'write e.g. 3') })
    .min(1, { error: withFix('must be at least 1', 'write e.g. 3') })
    .default(3),
})
export type AlertSettings = z.infer<typeof alertSettingsSchema>
export type AlertDestinationSettings = z.infer<typeof alertDestinationSchema>
