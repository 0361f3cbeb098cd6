import type { MarketSnapshot } from '../common/strategy/marketTypes.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import type { JournalStatus } from '../store/sqlite/createJournalQueries.ts'
import type { EngineMarket } from './engineMarket.ts'
import { toInFlightIntents } from './toInFlightIntents.ts'
import { untilAborted } from './untilAborted.ts'

/**
 * The tick's snapshot: balances (reported as an event), prices that came with them, and the
 * intents still in flight from the journal. Throws when the balances cannot be read: a tick
 * without a snapshot decides nothing, and when `signal` aborts (the reads are given up at once).
 */
export async function readSnapshot(
  market: Pick<EngineMarket, 'readBalances'>,
  journal: { status(): Promise<Pick<JournalStatus, 'inFlight'>> },
  nowMs: number,
  emit: (e: EngineEvent) => void,
  signal?: AbortSignal,
): Promise<MarketSnapshot> {
  const reading = market.readBalances(signal)
  const balances = await (signal ? untilAborted(reading, signal) : reading)
  emit({
    type: 'balances',
    balances: balances.map((b) => ({
      chainId: b.chainId,
      token: b.token,
      symbol: b.symbol,
      isNative: b.isNative,
      amount: b.amount.toString(),
      usd:
        b.priceUsd === undefined ? undefined : (Number(b.amount) / 10 ** b.decimals) * b.priceUsd,
      ...(b.gasPayer
        ? { gasPayer: { address: b.gasPayer.address, amount: b.gasPayer.amount.toString() } }
        : {}),
    })),
  })
  const pricesUsd = Object.fromEntries(
    balances
      .filter((b) => b.priceUsd !== undefined)
      .map((b) => [
        `${b.chainId}:${b.token.startsWith('0x') ? b.token.toLowerCase() : b.token}`,
        b.priceUsd!,
      ]),
  )
  const { inFlight } = await journal.status()
  return { nowMs, balances, pricesUsd, inFlight: toInFlightIntents(inFlight) }
}
