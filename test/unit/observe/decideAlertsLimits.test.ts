import { describe, expect, test } from 'vitest'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import {
  INTENT,
  intentEvent,
  LABELS,
  MINUTE_MS,
  ORDER,
  rules,
  run,
  terminal,
} from './decideAlertsHarness.ts'

describe('decideAlerts', () => {
  test('behavior: a reject or postpone for a risk limit alerts; kill switch, cooldown and missing prices do not', () => {
    const decision = (
      verdict: 'reject' | 'postpone',
      reason: string,
      check: string,
      intentId = INTENT,
    ): EngineEvent => ({
      type: 'decision',
      strategy: 'usdc',
      intentId,
      verdict,
      reason,
      check,
      detail: `${reason} detail`,
    })
    const { alerts } = run(
      [
        intentEvent(),
        decision('reject', 'dailyNotionalExceeded', 'dailyNotional'),
        intentEvent('b'),
        decision('postpone', 'inFlightBudgetFull', 'inFlight', 'b'),
        decision('reject', 'killSwitchEngaged', 'killSwitch', 'c'),
        decision('postpone', 'routeCoolingDown', 'cooldown', 'd'),
        decision('reject', 'missingPrice', 'maxCostBps', 'e'),
      ],
      { rules: { ...rules, minIntervalMs: { ...rules.minIntervalMs, riskLimit: 0 } } },
    )
    expect(alerts.map((a) => [a.kind, a.severity, a.labels.reason])).toEqual([
      ['riskLimit', 'warning', 'dailyNotionalExceeded'],
      ['riskLimit', 'warning', 'inFlightBudgetFull'],
    ])
    expect(alerts[0]).toMatchObject({
      title: 'Risk limit: dailyNotionalExceeded',
      labels: { ...LABELS, reason: 'dailyNotionalExceeded' },
    })
    expect(alerts[0]!.text[0]).toBe(`intent ${INTENT} rejected by the dailyNotional check`)
    expect(alerts[1]!.text[0]).toBe('intent b postponed by the inFlight check')
  })

  test('behavior: the kill switch alerts when engaged (warning) and when released (info)', () => {
    const { alerts } = run(
      [
        { type: 'killSwitch', engaged: true },
        { type: 'killSwitch', engaged: false },
      ],
      { stepMs: MINUTE_MS },
    )
    expect(alerts.map((a) => [a.title, a.severity])).toEqual([
      ['Kill switch engaged', 'warning'],
      ['Kill switch released', 'info'],
    ])
  })

  test('behavior: a native balance under its gas reserve alerts once per dip', () => {
    const balances = (eth: string): EngineEvent => ({
      type: 'balances',
      balances: [
        {
          chainId: 42161,
          token: '0x0',
          symbol: 'ETH',
          isNative: true,
          amount: eth,
          usd: undefined,
        },
        // No reserve configured for 8453: never alerts.
        { chainId: 8453, token: '0x0', symbol: 'ETH', isNative: true, amount: '0', usd: undefined },
        { chainId: 42161, token: '0xa', symbol: 'USDC', isNative: false, amount: '0', usd: 0 },
      ],
    })
    const { alerts } = run(
      [
        balances('1000000000000000'),
        balances('900000000000000'),
        balances('3000000000000000'),
        balances('1000000000000000'),
      ],
      { stepMs: MINUTE_MS },
    )
    expect(alerts.map((a) => [a.kind, a.labels.chain])).toEqual([
      ['gasReserveLow', '42161'],
      ['gasReserveLow', '42161'],
    ])
    expect(alerts[0]!.text[0]).toBe(
      'native balance 1000000000000000 is below risk.gasReserve 2000000000000000 (ETH base units)',
    )
  })

  test('behavior: N intents in a row without success alert; a completed one resets the count', () => {
    const { alerts } = run([
      terminal('failed', 'not filled before the tracking deadline', 'i1'),
      terminal('cancelled', 'refunded', 'i2'),
      terminal('completed', 'filled', 'i3'),
      terminal('failed', 'reverted', 'i4'),
      terminal('cancelled', 'refunded', 'i5'),
      terminal('failed', 'rpc down', 'i6'),
    ])
    const streaks = alerts.filter((a) => a.kind === 'consecutiveFailures')
    expect(streaks).toHaveLength(1)
    expect(streaks[0]).toMatchObject({
      severity: 'critical',
      title: '3 intents in a row ended without success',
    })
    expect(streaks[0]!.text.slice(0, 3)).toEqual([
      'i4: failed, reverted',
      'i5: cancelled, refunded',
      'i6: failed, rpc down',
    ])
  })

  test('behavior: an economics end alerts marketMoved (warning) and neither lengthens nor resets the streak', () => {
    const moved: EngineEvent = {
      type: 'terminal',
      intentId: 'm1',
      orderId: undefined,
      state: 'failed',
      detail: 'quote moved: order.takeAmount is below the minimum ferry accepts',
      economics: true,
    }
    const { alerts } = run([
      terminal('failed', 'reverted', 'i1'),
      terminal('failed', 'reverted', 'i2'),
      moved,
      { ...moved, intentId: 'm2' },
      terminal('failed', 'reverted', 'i3'),
    ])
    const market = alerts.filter((a) => a.kind === 'marketMoved')
    expect(market[0]).toMatchObject({
      severity: 'warning',
      title: 'An intent ended before signing: the market moved',
    })
    expect(market[0]!.text).toContain('intent m1')
    // i1, i2, i3 are the three in a row; the moved quotes between them did not break the streak.
    const streaks = alerts.filter((a) => a.kind === 'consecutiveFailures')
    expect(streaks).toHaveLength(1)
    expect(streaks[0]!.text.slice(0, 3)).toEqual([
      'i1: failed, reverted',
      'i2: failed, reverted',
      'i3: failed, reverted',
    ])
  })

  test('behavior: a config end (a dead price feed) alerts configFailure (critical) naming the feed, and leaves the streak alone', () => {
    const dead: EngineEvent = {
      type: 'terminal',
      intentId: 'c1',
      orderId: undefined,
      state: 'failed',
      detail:
        'configuration: price feed 0xfeed on chain 42161 (pricing 42161:0xusdc) reverts latestRoundData()',
      config: true,
    }
    const { alerts } = run([
      terminal('failed', 'reverted', 'i1'),
      terminal('failed', 'reverted', 'i2'),
      dead,
      terminal('failed', 'reverted', 'i3'),
    ])
    const config = alerts.filter((a) => a.kind === 'configFailure')
    expect(config).toHaveLength(1)
    expect(config[0]).toMatchObject({ severity: 'critical' })
    expect(config[0]!.text).toContain(dead.detail)
    expect(alerts.some((a) => a.kind === 'marketMoved')).toBe(false)
    expect(alerts.filter((a) => a.kind === 'consecutiveFailures')[0]!.text.slice(0, 3)).toEqual([
      'i1: failed, reverted',
      'i2: failed, reverted',
      'i3: failed, reverted',
    ])
  })

  test('behavior: alerts of one kind within minIntervalMs are held and counted, then summarised', () => {
    const stuck = (n: number): EngineEvent => ({
      type: 'stuck',
      intentId: `i${n}`,
      orderId: ORDER,
      waitingFor: 'fill',
      ageMs: 600_000,
    })
    const first = run([stuck(1), stuck(2), stuck(3)], { stepMs: 10_000 })
    expect(first.alerts).toHaveLength(1)
    expect(first.state.rateLimit.held.orderStuck?.count).toBe(2)
    // Another kind is not held by it.
    const other = run([{ type: 'killSwitch', engaged: true }], {
      state: first.state,
      startMs: 1_030_000,
    })
    expect(other.alerts.map((a) => a.kind)).toEqual(['killSwitch'])
    // Once the interval has passed, the next event of any kind brings the summary.
    const later = run([{ type: 'tickEnd', tick: 2, atMs: 0, durationMs: 1, failures: 0 }], {
      state: first.state,
      startMs: 1_000_000 + MINUTE_MS,
    })
    expect(later.alerts).toHaveLength(1)
    expect(later.alerts[0]).toMatchObject({
      kind: 'orderStuck',
      severity: 'warning',
      title: '2 more order stuck alerts',
    })
    expect(later.alerts[0]!.text).toEqual([
      `Order stuck: not filled after 10 min: order ${ORDER}`,
      `Order stuck: not filled after 10 min: order ${ORDER}`,
      'held back by the rate limit (observe.alerts.minIntervalMs.orderStuck)',
    ])
    expect(later.state.rateLimit.held.orderStuck).toBeUndefined()
    // Or the next alert of the kind itself says how many were held.
    const next = run([stuck(4)], { state: first.state, startMs: 1_000_000 + MINUTE_MS })
    expect(next.alerts).toHaveLength(1)
    expect(next.alerts[0]!.text.at(-1)).toBe(
      '(+2 more order stuck alerts held back by the rate limit since the last one)',
    )
  })
})
