import { BaseError } from 'viem'

/**
 * What a failed eth_sendRawTransaction means (safety P-2.11): `known` (the node already has
 * these bytes), `nonceTooLow`, `underpriced` (another tx holds the nonce in the pool),
 * `rejected` (deterministic refusal: funds, gas, chain id), or `unknown` (timeout, reset, 5xx;
 * the bytes may have gone out). Error strings differ by client, so the default is `unknown`.
 */
export type BroadcastErrorKind = 'known' | 'nonceTooLow' | 'underpriced' | 'rejected' | 'unknown'

/** Classifies a broadcast error by its text (geth, reth, anvil, erigon wordings). */
export function classifyBroadcastError(error: unknown): BroadcastErrorKind {
  const texts: string[] = []
  if (error instanceof BaseError) {
    error.walk((e) => {
      texts.push(String((e as Error).message), String((e as BaseError).details ?? ''))
      return false
    })
  } else texts.push(String((error as Error)?.message ?? error))
  const text = texts.join(' ').toLowerCase()
  if (/already known|known transaction|already imported|alreadyknown/.test(text)) return 'known'
  if (/nonce too low|nonce has already been used|nonce_expired|noncetoolow|oldnonce/.test(text)) {
    return 'nonceTooLow'
  }
  if (
    /replacement transaction underpriced|replacement underpriced|replacementnotallowed/.test(text)
  ) {
    return 'underpriced'
  }
  if (
    /timed? ?out|timeout|econnreset|socket hang up|fetch failed|network|http request failed/.test(
      text,
    )
  ) {
    return 'unknown'
  }
  if (
    /insufficient funds|intrinsic gas too low|exceeds block gas limit|invalid chain ?id|invalid sender|max fee per gas less than block base fee|fee cap less than block base fee|gas limit reached|tx fee .* exceeds/.test(
      text,
    )
  ) {
    return 'rejected'
  }
  return 'unknown'
}
