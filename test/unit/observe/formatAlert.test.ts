import { describe, expect, test } from 'vitest'
import { ALERT_KINDS, type Alert, type AlertRules } from '../../../src/observe/alertTypes.ts'
import { decideAlerts, initialAlertState } from '../../../src/observe/decideAlerts.ts'
import {
  formatAlert,
  type SlackAlertBody,
  type TelegramAlertBody,
} from '../../../src/observe/formatAlert.ts'

const alert: Alert = {
  kind: 'orderStuck',
  severity: 'warning',
  title: 'Order stuck: not filled after 10 min',
  text: ['order 0xab', 'intent usdc:1'],
  labels: { chain: '42161', strategy: 'usdc', route: '42161 → 8453' },
  atMs: 1_700_000_000_000,
}

/** A detail a hostile service could send: markup that would ping, link or break the message. */
const HOSTILE = 'tx.to <!channel> <https://evil.example|click> & <b>bold</b>'

describe('formatAlert', () => {
  test('default: generic JSON is {kind, severity, title, text, labels, atMs}', () => {
    expect(formatAlert(alert, { format: 'generic' })).toEqual({
      kind: 'orderStuck',
      severity: 'warning',
      title: 'Order stuck: not filled after 10 min',
      text: 'order 0xab\nintent usdc:1',
      labels: { chain: '42161', strategy: 'usdc', route: '42161 → 8453' },
      atMs: 1_700_000_000_000,
    })
  })

  test('behavior: Slack gets a fallback text and mrkdwn blocks with the labels as context', () => {
    expect(formatAlert(alert, { format: 'slack' })).toEqual({
      text: ':warning: [warning] Order stuck: not filled after 10 min',
      blocks: [
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: ':warning: *Order stuck: not filled after 10 min*\norder 0xab\nintent usdc:1',
          },
        },
        {
          type: 'context',
          elements: [
            {
              type: 'mrkdwn',
              text: 'warning · orderStuck · chain 42161 · strategy usdc · route 42161 → 8453',
            },
          ],
        },
      ],
    })
  })

  test('behavior: Telegram gets a sendMessage body in HTML parse mode', () => {
    expect(formatAlert(alert, { format: 'telegram', chatId: '-1001234567890' })).toEqual({
      chat_id: '-1001234567890',
      parse_mode: 'HTML',
      text: [
        '⚠️ <b>Order stuck: not filled after 10 min</b>',
        'order 0xab\nintent usdc:1',
        '<i>warning · orderStuck · chain 42161 · strategy usdc · route 42161 → 8453</i>',
      ].join('\n'),
    })
  })

  test('behavior: markup in the text is escaped for Slack and Telegram, kept as is in JSON', () => {
    const hostile: Alert = { ...alert, severity: 'security', text: [HOSTILE] }
    const escaped =
      'tx.to &lt;!channel&gt; &lt;https://evil.example|click&gt; &amp; &lt;b&gt;bold&lt;/b&gt;'
    const slack = formatAlert(hostile, { format: 'slack' }) as SlackAlertBody
    const section = slack.blocks[0] as { text: { text: string } }
    expect(section.text.text.split('\n').at(-1)).toBe(escaped)
    expect(JSON.stringify(slack)).not.toContain('<!channel>')
    const telegram = formatAlert(hostile, { format: 'telegram', chatId: '1' }) as TelegramAlertBody
    expect(telegram.text.split('\n')[1]).toBe(escaped)
    expect(telegram.text.startsWith('🔒 <b>')).toBe(true)
    expect((formatAlert(hostile, { format: 'generic' }) as { text: string }).text).toBe(HOSTILE)
  })

  test('behavior: long text is cut to what Slack and Telegram take, never inside an entity', () => {
    const long: Alert = { ...alert, text: Array.from({ length: 40 }, () => '&'.repeat(400)) }
    const slack = formatAlert(long, { format: 'slack' }) as SlackAlertBody
    const section = (slack.blocks[0] as { text: { text: string } }).text.text
    expect(section.length).toBeLessThanOrEqual(3_000)
    expect(section.endsWith('&amp;…')).toBe(true)
    const telegram = formatAlert(long, { format: 'telegram', chatId: '1' }) as TelegramAlertBody
    expect(telegram.text.length).toBeLessThanOrEqual(4_096)
    expect(telegram.text).toContain('&amp;…\n<i>')
  })

  test('behavior: a canary secret in an event reaches no format', () => {
    const canary = 'xoxb-canary-0123456789-abcdefABCDEF'
    const rules: AlertRules = {
      minIntervalMs: Object.fromEntries(
        ALERT_KINDS.map((k) => [k, 0]),
      ) as AlertRules['minIntervalMs'],
      consecutiveFailures: 3,
      gasReserve: {},
      knownSecrets: [canary],
    }
    const { alerts } = decideAlerts(
      {
        type: 'terminal',
        intentId: 'usdc:1',
        orderId: undefined,
        state: 'refused',
        detail: `the service sent ${canary} in tx.data`,
      },
      initialAlertState,
      rules,
      0,
    )
    expect(alerts).toHaveLength(1)
    for (const target of [
      { format: 'generic' as const },
      { format: 'slack' as const },
      { format: 'telegram' as const, chatId: '1' },
    ]) {
      expect(JSON.stringify(formatAlert(alerts[0]!, target, [canary]))).not.toContain(canary)
    }
    // formatAlert scrubs on its own too, whatever built the alert.
    const raw: Alert = { ...alert, title: `token ${canary}`, labels: { strategy: canary } }
    for (const format of ['generic', 'slack', 'telegram'] as const) {
      const body = JSON.stringify(formatAlert(raw, { format, chatId: '1' }, [canary]))
      expect(body).not.toContain(canary)
      expect(body).toContain('[redacted]')
    }
  })
})
