import { describe, expect, test } from 'vitest'
import { urlSecretParts } from '../../../src/common/urlSecretParts.ts'
import { ALERT_KINDS } from '../../../src/observe/alertTypes.ts'
import { ALERT_KIND_NAMES } from '../../../src/settings/alertSettingsSchema.ts'
import { ConfigError } from '../../../src/settings/ConfigError.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import { resolveAlertDestinations } from '../../../src/settings/resolveAlertDestinations.ts'

const SLACK_TOKEN = 'XyZcanarySlackToken0123456789'
const TELEGRAM_TOKEN = '123456789:AAcanaryTelegramToken_abcdefghij'

function parse(alerts: string) {
  return parseFerryConfig(`observe:\n  alerts:\n${alerts}`, {})
}

function problemsOf(alerts: string) {
  const result = parse(alerts)
  return result.ok ? [] : result.problems
}

describe('observe.alerts', () => {
  test('default: a destination takes every default', () => {
    const result = parse(
      '    destinations:\n      - { format: generic, urlEnv: FERRY_ALERT_URL }\n',
    )
    if (!result.ok) throw new Error(JSON.stringify(result.problems))
    expect(result.config.observe.alerts).toEqual({
      destinations: [{ format: 'generic', urlEnv: 'FERRY_ALERT_URL' }],
      minIntervalMs: {},
      retries: 3,
      timeoutMs: 10_000,
      consecutiveFailures: 3,
    })
  })

  test('behavior: the minIntervalMs keys are the alert kinds decideAlerts produces', () => {
    expect([...ALERT_KIND_NAMES]).toEqual([...ALERT_KINDS])
  })

  test('behavior: errors name the key and the fix', () => {
    const problems = problemsOf(`    destinations:
      - { format: telegram, urlEnv: FERRY_TG_URL }
      - { format: slack, urlEnv: FERRY_SLACK_URL, chatId: 5 }
      - { format: discord, urlEnv: X }
      - { format: generic, urlEnv: "https://hooks.example.org/abc" }
    minIntervalMs: { orderStuck: 1000, stuckOrder: 5 }
    retries: 11
    consecutiveFailures: 0
`)
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          path: 'observe.alerts.destinations[0].chatId',
          problem: 'telegram needs the chat to post in',
          fix: 'set chatId: <id or @channel>',
        },
        {
          path: 'observe.alerts.destinations[1].chatId',
          problem: 'slack takes no chatId',
          fix: 'remove chatId, or use format: telegram',
        },
        {
          path: 'observe.alerts.destinations[2].format',
          problem: 'is not an alert format',
          fix: 'write generic, slack or telegram',
        },
        {
          path: 'observe.alerts.destinations[3].urlEnv',
          problem: 'is not an env var name',
          fix: 'write the NAME of the variable, not its value',
        },
        expect.objectContaining({
          path: 'observe.alerts.minIntervalMs.stuckOrder',
          problem: 'is not a known key',
        }),
        expect.objectContaining({ path: 'observe.alerts.retries', problem: 'is above 10' }),
        expect.objectContaining({
          path: 'observe.alerts.consecutiveFailures',
          problem: 'must be at least 1',
        }),
      ]),
    )
    // A URL written where the env var's name belongs is never echoed back.
    expect(JSON.stringify(problems)).not.toContain('hooks.example.org')
  })

  test('behavior: an empty destination list is an error with its fix', () => {
    expect(problemsOf('    destinations: []\n')).toEqual([
      {
        path: 'observe.alerts.destinations',
        problem: 'needs at least one destination',
        fix: 'add - { format: generic, urlEnv: FERRY_ALERT_URL }, or remove the alerts section',
      },
    ])
  })
})

describe('resolveAlertDestinations', () => {
  const observe = {
    logLevel: 'info' as const,
    alerts: {
      destinations: [
        { format: 'slack' as const, urlEnv: 'FERRY_SLACK_URL' },
        { format: 'telegram' as const, urlEnv: 'FERRY_TG_URL', chatId: -1001234567890 },
      ],
      minIntervalMs: {},
      retries: 3,
      timeoutMs: 10_000,
      consecutiveFailures: 3,
    },
  }

  test('default: URLs come from the env, with the parts that carry tokens as secrets', () => {
    const destinations = resolveAlertDestinations(
      observe,
      {
        FERRY_SLACK_URL: `https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/${SLACK_TOKEN}`,
        FERRY_TG_URL: `https://api.telegram.org/bot${TELEGRAM_TOKEN}/sendMessage`,
      },
      'ferry.yaml',
    )
    expect(destinations.map((d) => [d.format, d.name, d.chatId])).toEqual([
      ['slack', 'FERRY_SLACK_URL', undefined],
      ['telegram', 'FERRY_TG_URL', '-1001234567890'],
    ])
    expect(destinations[0]!.secrets).toEqual(expect.arrayContaining([SLACK_TOKEN, 'T0AAAAAAA']))
    expect(destinations[1]!.secrets).toContain(`bot${TELEGRAM_TOKEN}`)
    // Plain words of a path stay readable in logs.
    expect(destinations.flatMap((d) => d.secrets)).not.toContain('services')
    expect(destinations.flatMap((d) => d.secrets)).not.toContain('sendMessage')
  })

  test('behavior: an unset or non-URL env var is a config error naming the key and the var, never the value', () => {
    let error: unknown
    try {
      resolveAlertDestinations(observe, { FERRY_TG_URL: `bot${TELEGRAM_TOKEN}` }, 'ferry.yaml')
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([
      {
        path: 'observe.alerts.destinations[0].urlEnv',
        problem: 'FERRY_SLACK_URL is not set',
        fix: 'set FERRY_SLACK_URL in the environment or in .env to the slack URL',
      },
      {
        path: 'observe.alerts.destinations[1].urlEnv',
        problem: 'FERRY_TG_URL does not hold an http(s) URL',
        fix: 'set FERRY_TG_URL to the full URL, e.g. https://hooks.example.org/ferry',
      },
    ])
    expect(JSON.stringify((error as ConfigError).problems)).not.toContain(TELEGRAM_TOKEN)
  })

  test('behavior: observe.webhookUrl is one generic destination; no alerts config means none', () => {
    expect(resolveAlertDestinations({ logLevel: 'info' }, {}, 'f.yaml')).toEqual([])
    const [d] = resolveAlertDestinations(
      { logLevel: 'info', webhookUrl: 'https://hooks.example.org/in/abc123def456' },
      {},
      'f.yaml',
    )
    expect(d).toMatchObject({ format: 'generic', name: 'observe.webhookUrl' })
    expect(d!.secrets).toContain('abc123def456')
  })
})

describe('urlSecretParts', () => {
  test('behavior: an RPC key in the path is a secret; a text that is no URL gives nothing', () => {
    const key = 'Zx81canaryRpcKey0000aaaa'
    expect(urlSecretParts(`https://arb-mainnet.g.example.com/v2/${key}`)).toEqual(
      expect.arrayContaining([key, `https://arb-mainnet.g.example.com/v2/${key}`]),
    )
    expect(urlSecretParts('embedded')).toEqual([])
  })
})
