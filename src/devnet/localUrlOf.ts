/** Wildcard addresses, each with the loopback address of its family. */
const LOOPBACK_OF_WILDCARD: Readonly<Record<string, string>> = {
  '0.0.0.0': '127.0.0.1',
  '::': '::1',
}

/** Whether `host` is a wildcard address (0.0.0.0 or ::): bound to it, a server listens on every interface. */
export function isWildcardHost(host: string): boolean {
  return host in LOOPBACK_OF_WILDCARD
}

/**
 * The http URL that reaches, from this machine, a server listening on `host`:`port`. A wildcard
 * address is something to bind, not to connect to, so 0.0.0.0 gives 127.0.0.1 and :: gives ::1;
 * any other address is reached at itself. IPv6 addresses are bracketed. Pure.
 */
export function localUrlOf(host: string, port: number): string {
  const reachable = LOOPBACK_OF_WILDCARD[host] ?? host
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`
}
