import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

const user = devnetEvmAccount('user')
/** Short, so a few one-second ticks (the helper's schedule) span it. */
const COOLDOWN_MS = 2_500
/** Base fee of the spike on Arbitrum, wei: far above ferry's default cap of 200 gwei. */
const SPIKE_BASE_FEE_WEI = 5_000n * 10n ** 9n

let devnet: Devnet
let dir: string

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
  dir = mkdtempSync(join(tmpdir(), 'ferry-cooldown-'))
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

/** The tick time an intent id carries (`strategy:requestId:tickMs`). */
const tickMsOf = (intentId: unknown): number => Number(String(intentId).split(':').at(-1))

describe('cooldown after a failed order (ferry run, live on the devnet)', () => {
  test('behavior: a failed order postpones its route on the next tick (routeCoolingDown); after the cooldown the route is tried again', async () => {
    const arb = devnet.evm.find((c) => c.chainId === 42161)!
    // A gas spike on the source chain: every send fails ferry's fee cap, so the order fails
    // before anything is signed, on every attempt.
    const anvil = createTestClient({ mode: 'anvil', transport: http(arb.rpcUrl) })
    await anvil.setNextBlockBaseFeePerGas({ baseFeePerGas: SPIKE_BASE_FEE_WEI })
    await anvil.mine({ blocks: 1 })
    const nonceBefore = await arb.client.getTransactionCount({ address: user.address })

    const run = await runFerry(
      [
        'run',
        writeDevnetLiveConfig(devnet, join(dir, 'cooldown.yaml'), {
          killSwitchFile: 'cooldown.kill',
          extraRisk: `  cooldownMsAfterFailure: ${COOLDOWN_MS}\n`,
        }),
        '--live',
        '--ticks',
        '7',
        '--json',
        '--journal',
        join(dir, 'cooldown.sqlite'),
      ],
      { [DEVNET_KEY_ENV]: user.privateKey },
      60_000,
    )
    expect(run.code, run.stderr).toBe(0)
    const events = jsonEvents(run.stdout)
    const decisions = events.filter((e) => e.type === 'decision')
    const failures = events.filter((e) => e.type === 'terminal' && e.state === 'failed')

    // Tick 1: accepted, then failed on the fee cap.
    const first = decisions[0]!
    expect(first.verdict).toBe('accept')
    expect(failures[0]).toMatchObject({ intentId: first.intentId })
    expect(String(failures[0]!.detail)).toContain('fees above the configured cap')
    // The very next tick: postponed for the rest of the cooldown.
    expect(decisions[1]).toMatchObject({ verdict: 'postpone', reason: 'routeCoolingDown' })
    expect(tickMsOf(decisions[1]!.intentId) - tickMsOf(first.intentId)).toBeLessThan(COOLDOWN_MS)

    // The failure was journaled between tick 1 and tick 2. Every tick less than a cooldown
    // after tick 1 is postponed; the first tick a cooldown after tick 2 tries the route again.
    const t1 = tickMsOf(first.intentId)
    const t2 = tickMsOf(decisions[1]!.intentId)
    const later = decisions.slice(1)
    for (const d of later.filter((d) => tickMsOf(d.intentId) < t1 + COOLDOWN_MS)) {
      expect(d, String(d.intentId)).toMatchObject({
        verdict: 'postpone',
        reason: 'routeCoolingDown',
      })
    }
    const retry = later.find((d) => tickMsOf(d.intentId) >= t2 + COOLDOWN_MS)
    expect(retry, 'no tick after the cooldown').toBeDefined()
    const retried = later.find((d) => d.verdict === 'accept')
    expect(retried, 'the route was not tried again').toBeDefined()
    expect(tickMsOf(retried!.intentId)).toBeGreaterThanOrEqual(t1 + COOLDOWN_MS)
    expect(tickMsOf(retried!.intentId)).toBeLessThanOrEqual(tickMsOf(retry!.intentId))
    // Tried for real: executed again, and failed again on the same spike.
    expect(failures.map((f) => f.intentId)).toContain(retried!.intentId)
    // Nothing was signed or sent along the way.
    expect(events.filter((e) => ['approval', 'sent', 'created'].includes(e.type))).toEqual([])
    expect(await arb.client.getTransactionCount({ address: user.address })).toBe(nonceBefore)
  }, 90_000)
})
