import { silentLogger } from '../../../src/common/Logger.ts'
import type { Intent } from '../../../src/common/strategy/marketTypes.ts'
import { createIntentLedger } from '../../../src/execute/createIntentLedger.ts'
import type { ExecutionOutcome, TrackingOutcome } from '../../../src/execute/executionOutcome.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { createTestEngine, type FakeWorld } from '../../helpers/createTestEngine.ts'
import { tmpJournal } from '../store/tmpJournal.ts'
import { buildQuote, USDC_ARB, USDC_BASE, usdc } from '../strategies/buildStrategyFixture.ts'

const AMOUNT_TARGETS = `targetAmount: "2000000000"`

/**
 * A config with one rebalance that wants 1 000 USDC moved 42161 → 8453 (2 000 each by amount, or
 * `weights: true` for 50/50 by weight), and `risk` laid over.
 */
export function rebalanceConfig(
  risk: Record<string, unknown> = {},
  options: { weights?: boolean; toleranceBps?: number } = {},
) {
  const target = options.weights ? 'weightBps: 5000' : AMOUNT_TARGETS
  const parsed = parseFerryConfig(
    `risk: ${JSON.stringify({
      maxCostBps: 500,
      cooldownMsAfterFailure: 0,
      maxInFlightUsd: 100_000,
      maxNotionalUsdPerDay: 100_000,
      ...risk,
    })}
strategies:
  - name: rebalance
    id: usdc
    schedule: { intervalMs: 1000 }
    params:
      chains:
        - { chainId: 42161, token: "${USDC_ARB}", ${target} }
        - { chainId: 8453, token: "${USDC_BASE}", ${target} }
      toleranceBps: ${options.toleranceBps ?? 1}
      maxCostBps: 500
      minMoveAmount: "1000000"
`,
    {},
  )
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
  return parsed.config
}

/** Controls of the fake chain side: what each execution and tracking does. */
export type FakeChain = {
  execute?: (
    intent: Intent,
    intentId: string,
    preSign: (() => void | Promise<void>) | undefined,
  ) => Promise<ExecutionOutcome>
  /** Default: the tracker never ends until ferry stops (an order in flight). */
  track?: () => Promise<TrackingOutcome>
}

/**
 * The real engine, runner and ledger on a tmp journal and a manual clock, over a fake market
 * (3 000 USDC on 42161, 1 000 on 8453, quotes at 0.1 % cost) and a fake chain side.
 */
export function engineWithFakes(
  config: ReturnType<typeof rebalanceConfig>,
  chain: FakeChain = {},
  options: { storeOnlyPreSign?: boolean } = {},
) {
  // One clock for the journal and the engine, as in ferry run.
  const { journal, clock } = tmpJournal()
  const events: EngineEvent[] = []
  const executed: Intent[] = []
  let orders = 0
  // The source is debited when an order is created; the destination is credited by nobody: the
  // orders stay in flight unless the test's tracker ends them.
  const held = new Map<number, bigint>([
    [42161, 3_000_000_000n],
    [8453, 1_000_000_000n],
  ])
  const world: FakeWorld = {
    sending: true,
    readBalances: async () => [...held].map(([chainId, amount]) => usdc(chainId, amount)),
    quote: async (request) => buildQuote(request, (request.amountIn * 999n) / 1000n),
    async execute(intent, intentId, _emit, preSign) {
      executed.push(intent)
      if (chain.execute) return chain.execute(intent, intentId, preSign)
      await preSign?.()
      held.set(42161, held.get(42161)! - intent.amountIn)
      orders++
      const orderId = `0x${orders.toString(16).padStart(64, '0')}`
      // As the real chain ops do: the order row, then `created`, through the ledger.
      await createIntentLedger(toJournalStore(journal)).created(intentId, {
        orderId,
        srcChainId: 42161,
        dstChainId: 8453,
        createTxHash: `0x${'ab'.repeat(32)}`,
      })
      return {
        kind: 'created',
        orderId,
        srcChainId: 42161,
        dstChainId: 8453,
        hasHook: false,
      }
    },
    settle: async () => ({ kind: 'failed', detail: 'nothing to settle' }),
    followRefund: async () => ({ state: 'failed', detail: 'no cancels here' }),
    track: (_order, _emit, signal) =>
      chain.track?.() ??
      new Promise((resolve) =>
        signal?.addEventListener('abort', () =>
          resolve({ state: 'interrupted', detail: 'stopping' }),
        ),
      ),
    killSwitchEngaged: () => false,
    engageKillSwitch: () => true,
  }
  const engine = createTestEngine({
    config,
    world,
    journal,
    clock,
    logger: silentLogger,
    emit: (e) => events.push(e),
    random: () => 0,
    ...(options.storeOnlyPreSign ? { storeOnlyPreSign: true } : {}),
  })
  return { engine, journal, clock, events, executed }
}
