import { isWildcardHost } from '../../devnet/localUrlOf.ts'

/**
 * `ferry devnet`'s lines on where the simulator and the chains listen: none on loopback, else a
 * warning that the public test keys' chains are exposed, and that the printed URLs are this
 * machine's own (loopback for a wildcard host). Pure.
 */
export function formatDevnetListenNotice(host: string, solana: boolean): string[] {
  if (host === '127.0.0.1' || host === '::1') return []
  const where = isWildcardHost(host) ? `all interfaces (${host})` : host
  return [
    `The simulator and every chain listen on ${where}: whoever reaches this machine can use`,
    'these chains and the keys below; run it so inside a container network only.',
    `The URLs below are this machine's own${solana ? ' (Solana listens on loopback only)' : ''}.`,
  ]
}
