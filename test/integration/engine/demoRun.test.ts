import { describe, expect, test } from 'vitest'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'

describe('ferry run config/demo.yaml (the embedded world, as npm start runs it)', () => {
  test('default: --ticks 6 --json: a rebalance with its hook, sweeps from Solana (USDC, and USDT pre-swapped through Jupiter), arbitrage observations, exit 0', async () => {
    const run = await runFerry(['run', 'config/demo.yaml', '--ticks', '6', '--json'], {}, 120_000)
    // Warnings may come on a loaded machine (a slow receipt, a retried read); errors may not.
    const errors = run.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.level >= 50)
    expect(errors).toEqual([])
    expect(run.code).toBe(0)
    const events = jsonEvents(run.stdout)
    const types = new Set(events.map((e) => e.type))
    for (const type of [
      'intent',
      'quote',
      'decision',
      'sent',
      'created',
      'filled',
      'hook',
      'terminal',
    ]) {
      expect(types, type).toContain(type)
    }
    // The USDC rebalance goes with a permit (docs/safety.md §10): no approve transaction.
    expect(types).not.toContain('approval')
    const created = events.filter((e) => e.type === 'created')
    const rebalance = created.find((e) => String(e.intentId).startsWith('usdc-arb-base:'))
    const sweep = created.find(
      (e) => String(e.intentId).startsWith('solana-to-treasury:') && e.chainId === 7565164,
    )
    // USDT is no reserve: the order pre-swaps it to USDC through Jupiter (docs/dln.md §4.12).
    const preSwapped = created.find((e) =>
      String(e.intentId).startsWith(
        'solana-to-treasury:sweep:7565164:Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
      ),
    )
    expect(rebalance).toBeDefined()
    expect(sweep).toBeDefined()
    expect(preSwapped).toBeDefined()
    expect(events.some((e) => e.type === 'observation' && e.strategy === 'paper-arb')).toBe(true)
    // Every created order reached a terminal state, and every hook ran.
    const terminals = events.filter((e) => e.type === 'terminal')
    for (const c of created) {
      expect(terminals.find((t) => t.orderId === c.orderId)?.state, String(c.orderId)).toBe(
        'completed',
      )
    }
    for (const hook of events.filter((e) => e.type === 'hook')) {
      expect((hook.steps as { status: string }[]).every((s) => s.status === 'Executed')).toBe(true)
    }
    const rebalanceHook = events.find((e) => e.type === 'hook' && e.orderId === rebalance!.orderId)
    expect(rebalanceHook).toBeDefined()
    // Decisions carry their verdict; accepted intents went on to be sent.
    expect(events.filter((e) => e.type === 'decision' && e.verdict === 'accept').length).toBe(
      created.length,
    )
  }, 120_000)
})
