import type { Hex } from 'viem'
import { type Clock, systemClock } from '../common/clock.ts'
import { createMarket } from './market/createMarket.ts'
import type { MarketConfig } from './market/marketConfig.ts'
import { buildOrderQuote } from './quote/buildOrderQuote.ts'
import { buildSwapQuote } from './quote/buildSwapQuote.ts'
import { QuoteBuildError } from './quote/QuoteBuildError.ts'
import type { QuoteConfig } from './quote/quoteConfig.ts'
import type { GasEstimateRequest } from './quote/quoteContext.ts'
import { createSimServer, type SimListenOptions, type SimServer } from './server/createSimServer.ts'
import type { SimServerDeps } from './server/simServerDeps.ts'
import { seedDemoOrders } from './stats/seedDemoOrders.ts'

/** Options of {@link startSim}: where to listen, and everything of the simulator but the builders. */
export type StartSimOptions = SimListenOptions &
  Omit<SimServerDeps, 'quoteOrder' | 'quoteSwap'> & {
    /** Overrides of the market (tokens, prices, walk, pools). Its seed defaults to `seed`. */
    market?: Partial<MarketConfig>
    /** Overrides of the quote economics (fees, opex, gas model). */
    quoteConfig?: Partial<QuoteConfig>
    /**
     * Clock time per step of the market's random walk, in ms. Default 1000. Prices follow the
     * clock, not the request count, so a stale quote really carries older prices. The walk only
     * moves prices when the market config gives it a step size (off by default).
     */
    walkIntervalMs?: number
    /**
     * Executed demo orders with hook steps recorded at start (see seedDemoOrders), so
     * externalCallProcess has something to show before a solver feeds the store. Default 0.
     */
    demoOrders?: number
    /**
     * Real gas estimation for `enableEstimate` (the devnet plugs in eth_estimateGas). It sets
     * tx.gasLimit; when it throws, create-tx answers 400 ESTIMATION_FAILED (docs/service.md §7 rule 2).
     * Default: the quote config's gas model.
     */
    estimateGas?: (request: GasEstimateRequest) => Promise<number>
  }

/** A running simulator started by {@link startSim}. */
export type StartedSim = SimServer & {
  /** Ids of the demo orders recorded at start. */
  demoOrderIds: string[]
}

/**
 * The simulator's composition root: the seeded market and the real quote builders of
 * src/sim/quote, injected into the HTTP server. `ferry sim` and the end-to-end tests start it.
 * @see docs/service.md §4
 */
export async function startSim(options: StartSimOptions = {}): Promise<StartedSim> {
  const {
    port,
    statsPort,
    host,
    market: marketOverrides,
    quoteConfig,
    walkIntervalMs = 1000,
    demoOrders = 0,
    estimateGas,
    ...deps
  } = options
  const seed = deps.seed ?? 1
  const clock: Clock = deps.clock ?? systemClock
  const market = createMarket({ seed, ...marketOverrides })
  const startMs = clock.nowMs()
  const marketAt = (nowMs: number): typeof market => {
    const due = Math.floor((nowMs - startMs) / walkIntervalMs) - market.stepCount()
    if (due > 0) market.step(due)
    return market
  }
  const server = await createSimServer(
    {
      ...deps,
      clock,
      quoteOrder: async (params, { nowMs }) => {
        const quote = buildOrderQuote(params, {
          market: marketAt(nowMs),
          nowMs,
          config: quoteConfig,
        })
        if (params.enableEstimate && estimateGas && quote.tx?.to && params.senderAddress) {
          try {
            quote.tx.gasLimit = await estimateGas({
              chainId: params.srcChainId,
              from: params.senderAddress,
              to: quote.tx.to as Hex,
              data: quote.tx.data as Hex,
              value: BigInt(quote.tx.value ?? '0'),
            })
          } catch (error) {
            throw new QuoteBuildError(
              'ESTIMATION_FAILED',
              'enableEstimate',
              `the transaction would fail: ${(error as Error).message.split('\n')[0]}`,
            )
          }
        }
        return quote
      },
      quoteSwap: (params, { nowMs }) =>
        buildSwapQuote(params, { market: marketAt(nowMs), nowMs, config: quoteConfig }),
    },
    { port, statsPort, host },
  )
  return { ...server, demoOrderIds: seedDemoOrders(server.stats, seed, demoOrders) }
}
