import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createApiClient } from '../src/api/createApiClient.ts'
import type { ChainId } from '../src/api/schemas/chainId.ts'
import { collectWatchedTokens } from '../src/cli/run/collectWatchedTokens.ts'
import { createWorld } from '../src/cli/run/createWorld.ts'
import { systemClock } from '../src/common/clock.ts'
import { silentLogger } from '../src/common/Logger.ts'
import { devnetEvmAccount } from '../src/devnet/devnetAccounts.ts'
import { startDevnet } from '../src/devnet/startDevnet.ts'
import { createEngine } from '../src/engine/createEngine.ts'
import type { EngineEvent } from '../src/observe/engineEvents.ts'
import { ferryConfigSchema } from '../src/settings/ferryConfigSchema.ts'
import { openJournal } from '../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../src/store/sqlite/toJournalStore.ts'
import { builtInStrategies } from '../strategies/builtInStrategies.ts'
import { devnetValueFlow } from '../test/integration/executor/executorHarness.ts'
import type { BenchResult } from './run.ts'

/** Ticks run, a second apart; each sends one order (1 000 USDC of a 20 000 USDC surplus). */
const TICKS = 16
const MIN_ORDERS = 10
/**
 * Not a figure of the issue (it asks for the numbers only): a bound on the median that an order
 * on a local chain with 1 confirmation (approval, create-tx with estimate, simulation, signing,
 * journal, broadcast) should meet with room to spare.
 */
const MAX_MEDIAN_MS = 2_000

const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!
}

/**
 * Quote-to-broadcast latency on the devnet: the engine with the real world
 * (createWorld over the api client, two anvil chains, the simulator and a solver) runs a
 * rebalance from Arbitrum to Base that sends one order per tick. For each order: from the engine's
 * `quote` event of the route to the `sent` event of the intent it became (the order transaction's
 * broadcast; the exact approval before it is part of the path). Wiring as `ferry run` does for the
 * embedded world. Ticks are a second apart, as the schedule's minimum allows: the devnet solver
 * sends fills without a nonce manager, so orders much closer together collide in its wallet and
 * stay unfilled (not a ferry figure, but it would stall the run). Prints median and p95, ms.
 */
export async function run(): Promise<BenchResult> {
  const devnet = await startDevnet({ solana: false, fillDelayMs: 300 })
  const dir = mkdtempSync(join(tmpdir(), 'ferry-q2b-bench-'))
  const journal = openJournal(join(dir, 'journal.sqlite'))
  const user = devnetEvmAccount('user')
  try {
    const config = ferryConfigSchema.parse({
      risk: {
        maxNotionalUsdPerOrder: 5_000,
        maxNotionalUsdPerDay: 1_000_000,
        maxInFlightUsd: 1_000_000,
        maxCostBps: 150,
      },
      strategies: [
        {
          name: 'rebalance',
          id: 'usdc',
          schedule: { intervalMs: 1_000 },
          params: {
            chains: [
              { chainId: 42161, token: ARB_USDC, targetAmount: '980000000000' },
              { chainId: 8453, token: BASE_USDC, targetAmount: '1020000000000' },
            ],
            toleranceBps: 1,
            maxCostBps: 100,
            minMoveAmount: '10000000',
            maxMoveAmount: '1000000000',
          },
        },
      ],
    })
    const api = createApiClient({
      apiUrl: devnet.sim.baseUrl,
      statsUrl: devnet.sim.statsUrl,
      logger: silentLogger,
    })
    const world = createWorld({
      api,
      wiring: {
        evm: devnet.evm.map((c) => ({
          chainId: c.chainId as ChainId,
          rpcUrls: [c.rpcUrl],
          confirmations: 1,
          maxFeePerGasWei: 200n * 10n ** 9n,
        })),
        solana: undefined,
        evmWallet: { address: user.address, key: { privateKey: user.privateKey } },
        solanaWallet: undefined,
        watched: collectWatchedTokens(config.strategies.map((s) => s.params)),
        killSwitchFile: join(dir, 'ferry.kill'),
        sending: true,
        trackingDeadlineMs: 60_000,
        pollIntervalMs: 250,
        prices: devnetValueFlow.prices,
        maxCostBpsOf: () => devnetValueFlow.maxCostBps,
      },
      journal: toJournalStore(journal),
      clock: systemClock,
      logger: silentLogger,
    })
    let tickAtMs = 0
    const quotedAt = new Map<string, number>()
    const latenciesMs: number[] = []
    const failures: string[] = []
    const emit = (e: EngineEvent): void => {
      const at = performance.now()
      if (e.type === 'tick') tickAtMs = e.atMs
      // The intent a quote becomes is `${strategy}:${requestId}:${tickMs}` (createEngine).
      if (e.type === 'quote') quotedAt.set(`${e.strategy}:${e.requestId}:${tickAtMs}`, at)
      if (e.type === 'sent') {
        const from = quotedAt.get(e.intentId)
        // The first broadcast only: a fee bump re-sends under the same intent.
        if (from !== undefined) latenciesMs.push(at - from)
        quotedAt.delete(e.intentId)
      }
      if (e.type === 'terminal' && e.state !== 'completed') failures.push(e.detail)
    }
    const engine = createEngine({
      config,
      strategies: builtInStrategies,
      market: world.market,
      runner: world.runner,
      journal: toJournalStore(journal),
      clock: systemClock,
      logger: silentLogger,
      emit,
    })
    await engine.run({ ticks: TICKS })
    world.close()
    const sorted = [...latenciesMs].sort((a, b) => a - b)
    const medianMs = percentile(sorted, 50)
    const p95Ms = percentile(sorted, 95)
    console.log(`${TICKS} ticks on the devnet (2 anvil chains, 1 confirmation), real world`)
    console.log(
      `orders broadcast   ${sorted.length}${failures.length ? ` (failed: ${failures.join('; ')})` : ''}`,
    )
    console.log(`quote → broadcast  median ${medianMs.toFixed(0)} ms   p95 ${p95Ms.toFixed(0)} ms`)
    console.log(
      `                   min ${sorted[0]?.toFixed(0)} ms   max ${sorted.at(-1)?.toFixed(0)} ms`,
    )
    return {
      name: 'quote-to-broadcast latency on the devnet',
      target: `${sorted.length} orders >= ${MIN_ORDERS}; median ${medianMs.toFixed(0)} ms, p95 ${p95Ms.toFixed(0)} ms; median <= ${MAX_MEDIAN_MS} ms (sanity bound)`,
      met: sorted.length >= MIN_ORDERS && medianMs <= MAX_MEDIAN_MS,
    }
  } finally {
    journal.close()
    await devnet.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
