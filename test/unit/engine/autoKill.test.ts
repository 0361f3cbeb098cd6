import { describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/common/clock.ts'
import { silentLogger } from '../../../src/common/Logger.ts'
import type { ExecutionOutcome } from '../../../src/execute/executionOutcome.ts'
import { outcomeOfError } from '../../../src/execute/outcomeOfError.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import { PriceFeedUnavailableError } from '../../../src/verify/prices/PriceFeedUnavailableError.ts'
import { createTestEngine, type FakeWorld } from '../../helpers/createTestEngine.ts'
import { tmpJournal } from '../store/tmpJournal.ts'
import { buildQuote, USDC_ARB, USDC_BASE, usdc } from '../strategies/buildStrategyFixture.ts'

/** One rebalance that wants to move USDC 42161 → 8453 on every tick, and no cooldown. */
function config(autoKill: string, cooldownMs = 0) {
  const parsed = parseFerryConfig(
    `risk:
  maxCostBps: 500
  cooldownMsAfterFailure: ${cooldownMs}
  autoKill: ${autoKill}
strategies:
  - name: rebalance
    id: usdc
    schedule: { intervalMs: 1000 }
    params:
      chains:
        - { chainId: 42161, token: "${USDC_ARB}", targetAmount: "2500000000" }
        - { chainId: 8453, token: "${USDC_BASE}", targetAmount: "1500000000" }
      toleranceBps: 1
      maxCostBps: 500
      minMoveAmount: "1000000"
`,
    {},
  )
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
  return parsed.config
}

/** A world whose every execution ends with `outcome`, and whose kill switch is in memory. */
function world(outcome: ExecutionOutcome) {
  const reasons: string[] = []
  const w: FakeWorld = {
    sending: true,
    readBalances: async () => [usdc(42161, 3_000_000_000n), usdc(8453, 1_000_000_000n)],
    quote: async (request) => buildQuote(request, (request.amountIn * 999n) / 1000n),
    execute: async () => outcome,
    settle: async () => outcome,
    followRefund: async () => ({ state: 'failed', detail: 'no cancels here' }),
    track: async () => ({ state: 'completed', detail: 'filled' }),
    killSwitchEngaged: () => reasons.length > 0,
    engageKillSwitch: (reason) => {
      reasons.push(reason)
      return reasons.length === 1
    },
  }
  return { world: w, reasons }
}

async function runTicks(
  autoKill: string,
  outcome: ExecutionOutcome,
  ticks: number,
  cooldownMs = 0,
) {
  const { journal } = tmpJournal()
  const clock = createManualClock(1_000_000)
  const events: EngineEvent[] = []
  const { world: w, reasons } = world(outcome)
  const engine = createTestEngine({
    config: config(autoKill, cooldownMs),
    world: w,
    journal,
    clock,
    logger: silentLogger,
    emit: (e) => events.push(e),
    random: () => 0,
  })
  for (let i = 0; i < ticks; i++) {
    await engine.tick()
    clock.advanceMs(1_000)
  }
  return { events, reasons }
}

describe('the kill switch trips by itself (risk.autoKill, P-4.4, P-4.6)', () => {
  test('default: after N intents in a row fail, ferry engages it and the next intent is rejected', async () => {
    const { events, reasons } = await runTicks(
      '{ afterConsecutiveFailures: 3 }',
      { kind: 'failed', detail: 'reverted' },
      5,
    )
    const ends = events.filter((e) => e.type === 'terminal')
    expect(ends.map((e) => e.state)).toEqual(['failed', 'failed', 'failed'])
    expect(reasons).toHaveLength(1)
    expect(reasons[0]).toMatch(/^3 intents in a row ended without success/)
    expect(events.filter((e) => e.type === 'killSwitch')).toEqual([
      { type: 'killSwitch', engaged: true, reason: reasons[0] },
    ])
    const after = events.filter((e) => e.type === 'decision').slice(3)
    expect(after.length).toBeGreaterThan(0)
    expect(after.every((d) => d.reason === 'killSwitchEngaged')).toBe(true)
  })

  test('behavior: one refused transaction is enough; with onRefusal false it is not', async () => {
    const refused: ExecutionOutcome = { kind: 'refused', detail: 'tx.to is not allow-listed' }
    const on = await runTicks('{ afterConsecutiveFailures: 0 }', refused, 2)
    expect(on.reasons).toEqual([
      expect.stringContaining('the verifier refused a transaction of the service'),
    ])
    const off = await runTicks('{ onRefusal: false, afterConsecutiveFailures: 0 }', refused, 3)
    expect(off.reasons).toEqual([])
    expect(off.events.filter((e) => e.type === 'terminal')).toHaveLength(3)
  })

  test('behavior: quotes that moved below the minimum, however many in a row, are economics and never trip it', async () => {
    const { events, reasons } = await runTicks(
      '{ afterConsecutiveFailures: 3 }',
      { kind: 'moved', detail: 'quote moved: order.takeAmount is below the minimum ferry accepts' },
      6,
    )
    const ends = events.filter((e) => e.type === 'terminal')
    expect(ends.length).toBeGreaterThanOrEqual(5)
    expect(ends.every((e) => e.state === 'failed' && e.economics === true)).toBe(true)
    expect(reasons).toEqual([])
    expect(events.some((e) => e.type === 'killSwitch')).toBe(false)
  })

  test('behavior: a dead price feed is the config at fault: every tick tries again (no cooldown), the kill switch never trips', async () => {
    const dead = outcomeOfError(
      new PriceFeedUnavailableError(
        { chainId: 42161, address: '0x00000000000000000000000000000000000fee0d' },
        `42161:${USDC_ARB}`,
        'answers no data to latestRoundData() (no contract at that address?)',
      ),
    )
    expect(dead.kind).toBe('config')
    // A 10-minute cooldown: a fault would hold the route after the first end; the config does not.
    const { events, reasons } = await runTicks('{ afterConsecutiveFailures: 3 }', dead, 5, 600_000)
    const ends = events.filter((e) => e.type === 'terminal')
    expect(ends).toHaveLength(5)
    for (const end of ends) {
      expect(end).toMatchObject({ state: 'failed', config: true })
      expect(end.economics).toBeUndefined()
      expect(end.detail).toContain(
        'price feed 0x00000000000000000000000000000000000fee0d on chain 42161',
      )
    }
    expect(events.some((e) => e.type === 'decision' && e.reason === 'routeCoolingDown')).toBe(false)
    expect(reasons).toEqual([])

    // The same ends as a plain failure: the cooldown holds the route after the first.
    const failed = await runTicks(
      '{ afterConsecutiveFailures: 0 }',
      { kind: 'failed', detail: 'reverted' },
      3,
      600_000,
    )
    expect(failed.events.filter((e) => e.type === 'terminal')).toHaveLength(1)
    expect(
      failed.events.some((e) => e.type === 'decision' && e.reason === 'routeCoolingDown'),
    ).toBe(true)
  })
})
