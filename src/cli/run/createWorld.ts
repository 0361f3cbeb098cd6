import { existsSync } from 'node:fs'
import type { ApiClient } from '../../api/createApiClient.ts'
import type { Clock } from '../../common/clock.ts'
import type { Logger } from '../../common/Logger.ts'
import type { EngineMarket } from '../../engine/engineMarket.ts'
import { createChainContext } from '../../execute/createChainContext.ts'
import { createChainOps } from '../../execute/createChainOps.ts'
import { createIntentRunner, type IntentRunner } from '../../execute/createIntentRunner.ts'
import { createNativePrices } from '../../execute/market/createNativePrices.ts'
import { quoteRoute } from '../../execute/market/quoteRoute.ts'
import { readWalletBalances } from '../../execute/market/readWalletBalances.ts'
import type { WorldWiring } from '../../execute/worldWiring.ts'
import type { EngineEvent } from '../../observe/engineEvents.ts'
import type { JournalStore } from '../../store/contract/JournalStore.ts'
import { engageKillSwitch } from '../engageKillSwitch.ts'

/** The engine's two edges over one set of chains, and how to close them. */
export type World = { market: EngineMarket; runner: IntentRunner; close(): void }

/**
 * Wires the engine's edges over the service client, the chains and the journal: the market
 * (balances, quotes, the kill-switch file) and the intent runner of src/execute over the
 * verifying chain ops. Plain wiring: every decision lives in src/engine or src/execute.
 */
export function createWorld(params: {
  api: ApiClient
  wiring: WorldWiring
  journal: JournalStore
  clock: Clock
  logger: Logger
  /** ferry's stop: aborts the balance reads under way (the service client has its own). */
  stopSignal?: AbortSignal
  /** Where world-level events go (an RPC disagreement, for its alert): the engine's observers. */
  emit?: (e: EngineEvent) => void
  /**
   * On a shared journal, the cluster's kill switch beside the file (docs/safety.md P-4.4): either
   * one stops new intents, and an automatic kill engages both.
   */
  cluster?: { killSwitchEngaged(): boolean; engageKillSwitch(reason: string): void }
}): World {
  const { api, wiring, journal, clock, logger } = params
  const ctx = createChainContext({
    api,
    wiring,
    journal,
    clock,
    logger,
    ...(params.stopSignal ? { stopSignal: params.stopSignal } : {}),
    ...(params.emit ? { emit: params.emit } : {}),
  })
  const nativePriceUsd = createNativePrices({ api, walletOn: ctx.walletOn, clock, logger })
  const runner = createIntentRunner({
    ops: createChainOps(ctx),
    ledger: ctx.ledger,
    journal,
    logger,
    failPoint: ctx.failPoint,
  })
  return {
    market: {
      readBalances: readWalletBalances(ctx, nativePriceUsd),
      quote: quoteRoute({ api, nativePriceUsd, clock }),
      killSwitchEngaged: () =>
        existsSync(wiring.killSwitchFile) || params.cluster?.killSwitchEngaged() === true,
      engageKillSwitch: (reason) => {
        params.cluster?.engageKillSwitch(reason)
        return engageKillSwitch(
          wiring.killSwitchFile,
          reason,
          `ferry run (pid ${process.pid})`,
          clock.nowMs(),
        )
      },
    },
    runner,
    close: () => ctx.close(),
  }
}
