import { BIGINT_TAG } from './toJournalJson.ts'

/** Parses a JSON column written by `toJournalJson`, turning `{ "$bigint": "…" }` back into bigints. */
export function fromJournalJson(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v)
      const tagged = (v as Record<string, unknown>)[BIGINT_TAG]
      if (keys.length === 1 && typeof tagged === 'string') return BigInt(tagged)
    }
    return v
  })
}
