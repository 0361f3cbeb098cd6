import { redactSecrets } from '../common/redactSecrets.ts'
import type { Alert, AlertSeverity } from './alertTypes.ts'

/** Where an alert goes, as far as its body cares: the format, and Telegram's chat. */
export type AlertTarget = {
  format: 'generic' | 'slack' | 'telegram'
  /** Telegram's `chat_id`; ignored by the other formats. */
  chatId?: string | undefined
}

/** The generic webhook's JSON body. */
export type GenericAlertBody = {
  kind: string
  severity: AlertSeverity
  title: string
  /** The alert's lines joined with `\n`. */
  text: string
  labels: Record<string, string>
  atMs: number
}

/** A Slack incoming-webhook body: `text` is the notification fallback, `blocks` the message. */
export type SlackAlertBody = {
  text: string
  blocks: (
    | { type: 'section'; text: { type: 'mrkdwn'; text: string } }
    | { type: 'context'; elements: { type: 'mrkdwn'; text: string }[] }
  )[]
}

/** A Telegram Bot API `sendMessage` body, in HTML parse mode. */
export type TelegramAlertBody = { chat_id: string; text: string; parse_mode: 'HTML' }

/** Slack shows a section's text up to 3 000 characters. */
const SLACK_SECTION_MAX_CHARS = 3_000
/** Telegram takes messages up to 4 096 characters after entity parsing. */
const TELEGRAM_MAX_CHARS = 4_000

const ICONS: Readonly<Record<AlertSeverity, { slack: string; telegram: string }>> = {
  info: { slack: ':information_source:', telegram: 'ℹ️' },
  warning: { slack: ':warning:', telegram: '⚠️' },
  critical: { slack: ':rotating_light:', telegram: '🚨' },
  security: { slack: ':lock:', telegram: '🔒' },
}

/**
 * Renders an alert as the body its destination expects: generic JSON
 * `{kind, severity, title, text, labels, atMs}`; Slack `{text, blocks}` in mrkdwn; Telegram
 * `{chat_id, text, parse_mode: 'HTML'}`. Text that reaches a markup is escaped, so an error
 * detail from a hostile service cannot ping a channel (`<!channel>`), forge a link or break the
 * message. Every string is scrubbed of `knownSecrets` once more, whatever built the alert. Pure.
 */
export function formatAlert(
  alert: Alert,
  target: AlertTarget,
  knownSecrets: readonly string[] = [],
): GenericAlertBody | SlackAlertBody | TelegramAlertBody {
  const clean = (text: string): string => redactSecrets(text, knownSecrets)
  const title = clean(alert.title)
  const lines = alert.text.map(clean)
  const labels = Object.fromEntries(
    Object.entries(alert.labels)
      .filter((e): e is [string, string] => e[1] !== undefined)
      .map(([k, v]) => [k, clean(v)]),
  )
  if (target.format === 'generic') {
    return {
      kind: alert.kind,
      severity: alert.severity,
      title,
      text: lines.join('\n'),
      labels,
      atMs: alert.atMs,
    }
  }
  const facts = [
    `${alert.severity}`,
    alert.kind,
    ...Object.entries(labels).map(([k, v]) => `${k} ${v}`),
  ]
  if (target.format === 'slack') {
    const icon = ICONS[alert.severity].slack
    const body = truncateEscaped(escapeMarkup(lines.join('\n')), SLACK_SECTION_MAX_CHARS - 300)
    return {
      text: `${icon} [${alert.severity}] ${escapeMarkup(title)}`,
      blocks: [
        {
          type: 'section',
          text: { type: 'mrkdwn', text: `${icon} *${escapeMarkup(title)}*\n${body}` },
        },
        { type: 'context', elements: [{ type: 'mrkdwn', text: escapeMarkup(facts.join(' · ')) }] },
      ],
    }
  }
  return {
    chat_id: target.chatId ?? '',
    text: [
      `${ICONS[alert.severity].telegram} <b>${escapeMarkup(title)}</b>`,
      truncateEscaped(escapeMarkup(lines.join('\n')), TELEGRAM_MAX_CHARS - 600),
      `<i>${escapeMarkup(facts.join(' · '))}</i>`,
    ].join('\n'),
    parse_mode: 'HTML',
  }
}

/**
 * Escapes `&`, `<` and `>`: exactly what Slack's mrkdwn asks of text (its control characters) and
 * what Telegram's HTML parse mode needs outside tags. Other mrkdwn marks are left as written.
 */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Cuts escaped text to `maxChars`, never inside an entity such as `&amp;`. */
function truncateEscaped(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text
  return `${text.slice(0, maxChars - 1).replace(/&[a-z]*$/, '')}…`
}
