import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { type Address, erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { FAIL_POINTS, type FailPointName } from '../../../src/execute/failPoints.ts'
import { createSeededRandom } from '../../../src/sim/random/createSeededRandom.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { jsonEvents, runFerry } from '../../helpers/runFerry.ts'
import { spawnFerry } from '../../helpers/spawnFerry.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

/**
 * The seed of the random kill moments. Fixed, so a failure replays the same schedule; set
 * SIGKILL_CHAOS_SEED to explore others (the summary line prints the seed that ran), and
 * SIGKILL_CHAOS_TRACE=1 to print what each run was doing when it was killed.
 */
const SEED = Number(process.env.SIGKILL_CHAOS_SEED ?? 0x5eed_f3a7)
/** Kills at each named fail point, round-robin. */
const ROUNDS = 2
/** How often a fail-point run that ended without reaching its point is tried again. */
const RETRIES_PER_POINT_RUN = 2
/** Ticks of every chaos run: enough that a run which outlives its kill moment still ends. */
const TICKS = 3
/** No run may live longer: one that does hung, which is a finding, not a kill. */
const RUN_LIFETIME_MS = 45_000

const user = devnetEvmAccount('user')
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as Address
let devnet: Devnet
let dir: string

beforeAll(async () => {
  devnet = await startDevnet({ solana: false, fillDelayMs: 50 })
  dir = mkdtempSync(join(tmpdir(), 'ferry-chaos-'))
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

/**
 * One rebalance 42161 → 8453 with a hook on arrival that finds a 1 000 USDC move on every tick of
 * the whole test (100 000 USDC off target). The limits that would stop the chaos early are opened:
 * the daily and in-flight caps (many orders, some still in flight after a kill), the cooldown after
 * a failure (a kill before the order leaves fails its intent) and the consecutive-failure kill
 * switch (which would turn every later run into a no-op).
 */
function writeConfig(): string {
  return writeDevnetLiveConfig(devnet, join(dir, 'chaos.yaml'), {
    killSwitchFile: 'chaos.kill',
    // Approve transactions, so every fail point (afterApprovalSent too) can be hit; the permit
    // path's crash points are those of test/integration/engine/crashSafety.test.ts.
    approvals: 'approve',
    targets: { arbitrum: '900000000000', base: '1100000000000' },
    hook: true,
    extraRisk:
      '  maxNotionalUsdPerDay: 10000000\n  maxInFlightUsd: 10000000\n  cooldownMsAfterFailure: 0\n' +
      '  autoKill: { afterConsecutiveFailures: 0 }\n',
    tracking: '  deadlineMs: 30000\n  pollIntervalMs: 200\n',
  })
}

/** The CreatedOrder events on DlnSource after `afterBlock`, with their maker: the chain's truth. */
async function ordersOnChain(afterBlock: bigint): Promise<{ orderId: string; maker: string }[]> {
  const arb = devnet.evm.find((c) => c.chainId === 42161)!
  const logs = await arb.client.getContractEvents({
    address: EVM_CONTRACTS.dlnSource as Address,
    abi: dlnSourceAbi,
    eventName: 'CreatedOrder',
    fromBlock: afterBlock + 1n,
  })
  return logs.map((l) => {
    const args = l.args as { orderId: string; order: { makerSrc: string } }
    return { orderId: args.orderId.toLowerCase(), maker: args.order.makerSrc.toLowerCase() }
  })
}

/** One kill of the schedule: at a named fail point, or at a seeded random moment. */
type Kill = { point: FailPointName } | { afterMs: number }

/** What one chaos run did, for the summary and for replaying a failure. */
type RunRecord = { run: number; kill: string; killed: boolean; lastEvent: string }

describe('crash safety under chaos: many SIGKILLs on one journal, then a settling run', () => {
  test('behavior: after ~20 kills at fail points and random moments no intent has two orders, no order is unknown to the journal and every intent settles', async () => {
    const startedMs = Date.now()
    const arb = devnet.evm.find((c) => c.chainId === 42161)!
    const startBlock = await arb.client.getBlockNumber()
    const config = writeConfig()
    const journalPath = join(dir, 'chaos.sqlite')
    const env = { [DEVNET_KEY_ENV]: user.privateKey }
    const args = ['run', config, '--live', '--json', '--journal', journalPath]
    const records: RunRecord[] = []
    const trace = (): string =>
      `seed ${SEED}, journal ${journalPath}\n${records
        .map(
          (r) => `#${r.run} ${r.kill}: ${r.killed ? 'killed' : 'not killed'} after ${r.lastEvent}`,
        )
        .join('\n')}`

    // A clean run first, as long as every chaos run: it guarantees orders exist whatever the seed,
    // and it measures the span from the engine's first event to the end of its first order (quote,
    // approval, signature, broadcast, creation, fill and hook), which the random kills are drawn
    // over. Later ticks only repeat the first, so the draw is not spent on the sleeps between them.
    const calibration = spawnFerry([...args, '--ticks', String(TICKS)], RUN_LIFETIME_MS, env)
    const firstEventMs = await calibration.waitFor(
      'the first event',
      (e) => (e.length > 0 ? Date.now() : undefined),
      RUN_LIFETIME_MS,
    )
    const orderSpanMs =
      (await calibration.waitFor(
        'the first order to end',
        (e) => (e.some((x) => x.type === 'terminal') ? Date.now() : undefined),
        RUN_LIFETIME_MS,
      )) - firstEventMs
    const calibrated = await calibration.exited
    expect(calibrated, calibration.stderr()).toEqual({ code: 0, signal: null })
    const calibrationEnds = calibration.events.filter((x) => x.type === 'terminal')
    expect(calibrationEnds.map((x) => x.state)).toEqual(Array(TICKS).fill('completed'))

    // Round-robin over the fail points, each followed by a kill at a random moment: the random
    // ones land in reconciliation (of what the kill before left), quoting, approval, signing,
    // broadcast and tracking alike.
    const random = createSeededRandom(SEED)
    const schedule: Kill[] = []
    for (let round = 0; round < ROUNDS; round++) {
      for (const point of FAIL_POINTS) {
        schedule.push({ point }, { afterMs: Math.round(random() * orderSpanMs) })
      }
    }

    const killsAt = new Map<string, number>()
    for (const kill of schedule) {
      const tries = 'point' in kill ? 1 + RETRIES_PER_POINT_RUN : 1
      for (let attempt = 0; attempt < tries; attempt++) {
        const record = await chaosRun(kill, records.length + 1)
        records.push(record)
        if (!record.killed) continue
        const key = 'point' in kill ? kill.point : 'random'
        killsAt.set(key, (killsAt.get(key) ?? 0) + 1)
        break
      }
    }

    async function chaosRun(kill: Kill, run: number): Promise<RunRecord> {
      const runStartedMs = Date.now()
      const crashEnv: Record<string, string> = 'point' in kill ? { FERRY_CRASH_AT: kill.point } : {}
      const ferry = spawnFerry([...args, '--ticks', String(TICKS)], RUN_LIFETIME_MS, {
        ...env,
        ...crashEnv,
      })
      let sent = false
      if ('afterMs' in kill) {
        // Timed from the engine's first event (a reconcile or the first tick), not from the
        // spawn, so the draw is spent on ferry's work rather than on Node starting up.
        await ferry.waitFor('the first event', (e) => (e.length > 0 ? true : undefined), 30_000)
        await Promise.race([sleep(kill.afterMs), ferry.exited])
        ferry.kill('SIGKILL')
        sent = true
      }
      const end = await ferry.exited
      // The lifetime guard SIGKILLs too; a run that reached it hung, which is no planned kill. A
      // run that ended before its random moment exits 0 and is no kill either.
      expect(Date.now() - runStartedMs, `run ${run} hung\n${trace()}`).toBeLessThan(RUN_LIFETIME_MS)
      const killed = end.signal === 'SIGKILL' && ('point' in kill || sent)
      if (!killed) {
        expect(end, `run ${run} failed\n${ferry.stderr()}\n${trace()}`).toEqual({
          code: 0,
          signal: null,
        })
      }
      return {
        run,
        kill: 'point' in kill ? `at ${kill.point}` : `${kill.afterMs} ms after the first event`,
        killed,
        lastEvent: ferry.events.at(-1)?.type ?? 'no event',
      }
    }

    // The settling run: with the kill switch on it may reconcile and track, never start anew.
    writeFileSync(join(dir, 'chaos.kill'), 'chaos test: settle only\n')
    const before = openJournal(journalPath)
    const intentsBefore = before.history({ limit: 100_000 }).length
    before.close()
    const settled = await runFerry([...args, '--once'], env, 60_000)
    expect(settled.stderr, trace()).toBe('')
    expect(settled.code, trace()).toBe(0)
    const settleEvents = jsonEvents(settled.stdout)
    const decisions = settleEvents.filter((x) => x.type === 'decision')
    expect(decisions.every((d) => d.reason === 'killSwitchEngaged')).toBe(true)

    const journal = openJournal(journalPath)
    try {
      const intents = journal.history({ limit: 100_000 })
      expect(intents.length, trace()).toBe(intentsBefore)
      const unsettled = journal.pendingReconciliations()
      const mine = (await ordersOnChain(startBlock)).filter(
        (o) => o.maker === user.address.toLowerCase(),
      )
      // Each order on chain belongs to the intent whose journaled order it is.
      const intentOf = new Map(mine.map((o) => [o.orderId, journal.getOrder(o.orderId)?.intentId]))
      const orphans = mine.filter((o) => intentOf.get(o.orderId) === undefined)
      const perIntent = new Map<string, number>()
      for (const id of intentOf.values()) {
        if (id !== undefined) perIntent.set(id, (perIntent.get(id) ?? 0) + 1)
      }
      const doubleIds = new Set([
        ...[...perIntent].filter(([, n]) => n > 1).map(([id]) => id),
        ...intents.filter((h) => h.orders.length > 1).map((h) => h.intent.id),
      ])
      // And the other way: every order the journal holds was really created.
      const onChainIds = new Set(mine.map((o) => o.orderId))
      const phantoms = intents
        .flatMap((h) => h.orders)
        .filter((o) => !onChainIds.has(o.orderId.toLowerCase()))
      const kills = records.filter((r) => r.killed).length
      const summary = {
        kills,
        orders: mine.length,
        doubles: doubleIds.size,
        orphans: orphans.length,
        unsettled: unsettled.length,
      }
      if (process.env.SIGKILL_CHAOS_TRACE) console.info(trace())
      console.info(
        `sigkill chaos: seed=${SEED} kills=${kills} orders=${mine.length} doubles=${summary.doubles} ` +
          `orphans=${summary.orphans} unsettled=${summary.unsettled} intents=${intents.length} ` +
          `phantoms=${phantoms.length} orderSpanMs=${orderSpanMs} runs=${records.length + 2} ` +
          `seconds=${Math.round((Date.now() - startedMs) / 1000)}`,
      )
      const detail = `${trace()}\nunsettled: ${JSON.stringify(
        unsettled.map((u) => ({ id: u.intent.id, state: u.intent.state, attempts: u.attempts })),
        (_, v) => (typeof v === 'bigint' ? v.toString() : v),
      )}\norphans: ${orphans.map((o) => o.orderId).join(', ')}\ndoubles: ${[...doubleIds].join(', ')}`
      expect(summary, detail).toEqual({
        kills: summary.kills,
        orders: summary.orders,
        doubles: 0,
        orphans: 0,
        unsettled: 0,
      })
      expect(phantoms, detail).toEqual([])
      expect(kills, detail).toBeGreaterThanOrEqual(15)
      // Orders beyond the clean run's: the kills after signing leave one each to be settled.
      expect(mine.length, detail).toBeGreaterThan(TICKS)
      for (const point of FAIL_POINTS) {
        expect(killsAt.get(point) ?? 0, `kills at ${point}\n${detail}`).toBeGreaterThanOrEqual(
          ROUNDS,
        )
      }
      // Every order ferry made was followed to its fill and hook; an intent without one failed.
      for (const h of intents) {
        const ordered = perIntent.has(h.intent.id)
        expect(h.intent.state, `${h.intent.id}\n${detail}`).toBe(ordered ? 'completed' : 'failed')
      }
      // No approval outlived its order: each was spent by the order or revoked (P-1.12).
      const allowance = await arb.client.readContract({
        address: USDC_ARB,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user.address, EVM_CONTRACTS.dlnSource as Address],
      })
      expect(allowance, detail).toBe(0n)
    } finally {
      journal.close()
    }
  }, 300_000)
})
