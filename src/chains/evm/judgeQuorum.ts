/** One URL's answer to a read, as the quorum sees it: its canonical JSON or its error. */
export type QuorumAnswer =
  | { host: string; ok: true; json: string }
  | { host: string; ok: false; error: string }

/** What the answers of one read add up to. */
export type QuorumVerdict =
  | { kind: 'agreed'; json: string }
  /** Too few answers (the rest failed or their breakers are open). */
  | { kind: 'unavailable'; detail: string[] }
  /** Two answers differ: never settled by picking one. */
  | { kind: 'disagreement'; detail: string[] }

/**
 * Judges the answers of one money-deciding read against `quorum` (docs/safety.md P-2.12), pure:
 * any two successful answers that differ are a disagreement, whatever the count on each side,
 * since a lying or lagging RPC must not decide by outvoting; otherwise `quorum` identical answers
 * agree. With `nullIsNotYet` (receipts), a `null` answer is a node that has not seen the
 * transaction yet: it neither agrees nor disagrees, and only `quorum` identical receipts count.
 */
export function judgeQuorum(
  answers: readonly QuorumAnswer[],
  quorum: number,
  options: { nullIsNotYet?: boolean } = {},
): QuorumVerdict {
  const ok = answers.filter((a): a is Extract<QuorumAnswer, { ok: true }> => a.ok)
  const counted = options.nullIsNotYet ? ok.filter((a) => a.json !== 'null') : ok
  const distinct = [...new Set(counted.map((a) => a.json))]
  if (distinct.length > 1) {
    return {
      kind: 'disagreement',
      detail: counted.map((a) => `${a.host}: ${shorten(a.json)}`),
    }
  }
  if (counted.length >= quorum) return { kind: 'agreed', json: distinct[0]! }
  if (options.nullIsNotYet && ok.length >= quorum) return { kind: 'agreed', json: 'null' }
  return {
    kind: 'unavailable',
    detail: [
      `${ok.length} of ${answers.length} answered, ${quorum} must agree`,
      ...answers.flatMap((a) => (a.ok ? [] : [`${a.host}: ${a.error.split('\n')[0]}`])),
    ],
  }
}

function shorten(json: string): string {
  return json.length > 120 ? `${json.slice(0, 117)}...` : json
}
