import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApiClient } from '../../src/api/createApiClient.ts'
import { createWorld } from '../../src/cli/run/createWorld.ts'
import { systemClock } from '../../src/common/clock.ts'
import { silentLogger } from '../../src/common/Logger.ts'
import type { TokenBalance } from '../../src/common/strategy/marketTypes.ts'
import { devnetEvmAccount } from '../../src/devnet/devnetAccounts.ts'
import { createEngine } from '../../src/engine/createEngine.ts'
import type { EngineEvent } from '../../src/observe/engineEvents.ts'
import { ferryConfigSchema } from '../../src/settings/ferryConfigSchema.ts'
import { startSim } from '../../src/sim/startSim.ts'
import { openJournal } from '../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../src/store/sqlite/toJournalStore.ts'
import { fixedPriceSource } from '../../src/verify/prices/fixedPriceSource.ts'
import { builtInStrategies } from '../../strategies/builtInStrategies.ts'
import { startRecordingProxy } from './startRecordingProxy.ts'

/** Inputs of {@link runRateBudgetScenario}. */
export type RateBudgetScenario = {
  /**
   * Create-tx routes quoted in one engine tick: even (arbitrage round trips have two legs), and
   * more than `budget`, so slots of the budget are used again.
   */
  routes: number
  /** Requests per window, the client's budget and the simulator's limit alike. */
  budget: number
  /** The compressed window of both, in ms (the real one is 60 000). */
  windowMs: number
}

/** What the simulator was asked and answered, measured at a proxy in front of it. */
export type RateBudgetFigures = {
  /** create-tx requests that reached the simulator, retries included. */
  createTxRequests: number
  /** 429 answers of the simulator, every endpoint. */
  tooManyRequests: number
  /** Quote events of the engine (one per route quoted). */
  quotes: number
  /** quoteFailed events of the engine. */
  quoteFailures: number
  /** First to last create-tx arrival, ms. */
  spanMs: number
  /**
   * Mean time from a create-tx arrival to the arrival `budget` requests later, ms: how long a
   * slot of the budget took to be used again. At least `windowMs` when the budget holds.
   */
  slotReuseMs: number
  /** Achieved create-tx requests per window after the first: `budget × windowMs / slotReuseMs`. */
  requestsPerWindow: number
  /** requestsPerWindow / budget, 0..1 (1 = every slot used again as soon as it freed). */
  budgetUse: number
}

const USER = devnetEvmAccount('user').address
const ARB_USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const CREATE_TX_PATH = '/v1.0/net/order/create-tx'

/**
 * Runs one engine tick whose arbitrage strategy (paper mode) plans `routes` cross-chain quotes,
 * through the real world's quote path (createWorld → the api client's per-endpoint queues) to the
 * real simulator with its rate limit equal to the client's budget, over a compressed window.
 * Balances are canned (no chain runs); nothing is sent. A recording proxy between the two counts
 * the simulator's answers, so a 429 the client retried still shows.
 *
 * Budget use: a sliding budget of N per window hands out its first N slots at once, and each
 * slot again one window after it was used, so a client that spends the whole budget has request
 * k + N arrive one window after request k. The mean of those gaps over the run (`slotReuseMs`)
 * against the window is the share of the budget used: a client that leaves slots idle, paces
 * more slowly than the budget, or cannot keep up with it shows longer gaps. It is a rate from
 * arrival times at the simulator, not a timing of ferry's code.
 */
export async function runRateBudgetScenario(
  scenario: RateBudgetScenario,
): Promise<RateBudgetFigures> {
  const { routes, budget, windowMs } = scenario
  const dir = mkdtempSync(join(tmpdir(), 'ferry-rate-budget-'))
  const sim = await startSim({ rateLimitPerMinute: budget, rateLimitWindowMs: windowMs })
  const proxy = await startRecordingProxy(sim.baseUrl)
  const journal = openJournal(join(dir, 'journal.sqlite'))
  try {
    const api = createApiClient({
      apiUrl: proxy.url,
      statsUrl: proxy.url,
      requestsPerMinute: budget,
      rateWindowMs: windowMs,
    })
    const real = createWorld({
      api,
      wiring: {
        evm: [],
        solana: undefined,
        // Only its address is used: the recipient of the native-price swap quote.
        evmWallet: { address: USER, key: undefined },
        solanaWallet: undefined,
        watched: [],
        killSwitchFile: join(dir, 'ferry.kill'),
        sending: false,
        trackingDeadlineMs: 60_000,
        pollIntervalMs: 1_000,
        // A sending-off world never executes: no price is ever asked for.
        prices: fixedPriceSource([]),
        maxCostBpsOf: () => 0,
      },
      journal: toJournalStore(journal),
      clock: systemClock,
      logger: silentLogger,
    })
    const balances: TokenBalance[] = [42161, 8453].map((chainId) => ({
      chainId,
      token: chainId === 42161 ? ARB_USDC : BASE_USDC,
      symbol: 'USDC',
      decimals: 6,
      isNative: false,
      owner: USER,
      amount: 1_000_000_000_000n,
      priceUsd: 1,
    }))
    const market = { ...real.market, readBalances: async () => balances }
    const config = ferryConfigSchema.parse({
      strategies: [
        {
          name: 'arbitrage',
          id: 'rate-budget',
          schedule: { intervalMs: 60_000 },
          params: {
            paper: true,
            // Distinct amounts: every route is its own query.
            roundTrips: Array.from({ length: routes / 2 }, (_, i) => ({
              chainA: 42161,
              tokenA: ARB_USDC,
              chainB: 8453,
              tokenB: BASE_USDC,
              amountIn: String(100_000_000 + i),
              returnAmountIn: String(99_000_000 + i),
            })),
          },
        },
      ],
    })
    const events: EngineEvent[] = []
    const engine = createEngine({
      config,
      strategies: builtInStrategies,
      market,
      runner: real.runner,
      journal: toJournalStore(journal),
      clock: systemClock,
      logger: silentLogger,
      emit: (e) => events.push(e),
    })
    await engine.tick()
    real.close()
    const createTx = proxy.requests
      .filter((r) => r.path === CREATE_TX_PATH)
      .map((r) => r.atMs)
      .sort((a, b) => a - b)
    const gaps = createTx.slice(budget).map((atMs, i) => atMs - createTx[i]!)
    const slotReuseMs = gaps.reduce((sum, g) => sum + g, 0) / gaps.length
    const requestsPerWindow = (budget * windowMs) / slotReuseMs
    return {
      createTxRequests: createTx.length,
      tooManyRequests: proxy.requests.filter((r) => r.status === 429).length,
      quotes: events.filter((e) => e.type === 'quote').length,
      quoteFailures: events.filter((e) => e.type === 'quoteFailed').length,
      spanMs: createTx.length > 0 ? createTx.at(-1)! - createTx[0]! : 0,
      slotReuseMs,
      requestsPerWindow,
      budgetUse: requestsPerWindow / budget,
    }
  } finally {
    journal.close()
    await proxy.close()
    await sim.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
