/**
 * Network error codes that a retry cannot cure within a request's life: nothing listens on the
 * port (a blocked or wrong port), the host name does not resolve, no route to the host, and TLS
 * certificates that do not verify. Timeouts, resets and EAI_AGAIN (a DNS server that did not
 * answer in time) stay retryable.
 */
const PERMANENT_CODES: Readonly<Record<string, string>> = {
  // fetch's own refusal of a port on its blocked list (25, 6000, …): no code, the message only.
  BAD_PORT: 'fetch refuses this port (a blocked port)',
  ECONNREFUSED: 'nothing listens there (connection refused)',
  ENOTFOUND: 'the host name does not resolve (DNS)',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  ERR_INVALID_URL: 'the URL is not valid',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate does not verify',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
}

/** A network failure that retrying cannot fix: its code and what it means. */
export type PermanentNetworkError = { code: string; meaning: string }

/**
 * Classifies what fetch threw: the permanent failure it is, or undefined when a retry may cure
 * it (or it is no network error). Reads the code where undici puts it: on the error, its cause,
 * or the causes of an AggregateError (one per address tried); fetch's `bad port` has no code and
 * counts as `BAD_PORT`. Pure.
 */
export function permanentNetworkError(error: unknown): PermanentNetworkError | undefined {
  for (const code of codesOf(error, 0)) {
    const meaning = PERMANENT_CODES[code]
    if (meaning) return { code, meaning }
  }
  return undefined
}

function codesOf(error: unknown, depth: number): string[] {
  if (depth > 4 || typeof error !== 'object' || error === null) return []
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown; message?: unknown }
  const own = typeof e.code === 'string' ? [e.code] : e.message === 'bad port' ? ['BAD_PORT'] : []
  const nested = Array.isArray(e.errors) ? e.errors.flatMap((x) => codesOf(x, depth + 1)) : []
  return [...own, ...codesOf(e.cause, depth + 1), ...nested]
}
