import type { Journal } from '../store/openJournal.ts'
import { readActualIntents } from './readActualIntents.ts'
import type { RecordedQuote, ReplayRecording } from './replayTypes.ts'
import { toRecordedQuote } from './toRecordedQuote.ts'

/**
 * Reads what a replay needs from the journal for ticks in `[sinceMs, untilMs)`: the recorded
 * ticks and quotes, and what the journal actually did. Reads only.
 */
export function readReplayRecording(
  journal: Pick<Journal, 'marketBetween' | 'activitySince'>,
  sinceMs = 0,
  untilMs = Number.MAX_SAFE_INTEGER,
): ReplayRecording {
  const market = journal.marketBetween(sinceMs, untilMs)
  const quotes: RecordedQuote[] = []
  for (const record of market.quotes) {
    const quote = toRecordedQuote(record)
    if (quote) quotes.push(quote)
  }
  const actual = readActualIntents(journal.activitySince(sinceMs), quotes, untilMs)
  return { ticks: market.ticks, quotes, actual }
}
