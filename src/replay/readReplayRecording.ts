import type { JournalStore } from '../store/contract/JournalStore.ts'
import { readActualIntents } from './readActualIntents.ts'
import type { RecordedQuote, ReplayRecording } from './replayTypes.ts'
import { toRecordedQuote } from './toRecordedQuote.ts'

/**
 * Reads what a replay needs from the journal for ticks in `[sinceMs, untilMs)`: the recorded
 * ticks and quotes, and what the journal actually did. Reads only.
 */
export async function readReplayRecording(
  journal: Pick<JournalStore, 'marketBetween' | 'activitySince'>,
  sinceMs = 0,
  untilMs = Number.MAX_SAFE_INTEGER,
): Promise<ReplayRecording> {
  const market = await journal.marketBetween(sinceMs, untilMs)
  const quotes: RecordedQuote[] = []
  for (const record of market.quotes) {
    const quote = toRecordedQuote(record)
    if (quote) quotes.push(quote)
  }
  const actual = readActualIntents(await journal.activitySince(sinceMs), quotes, untilMs)
  return { ticks: market.ticks, quotes, actual }
}
