import { CHAINS } from '../../chains/chainRegistry.ts'
import { FerryError } from '../../common/FerryError.ts'
import { redactSecrets } from '../../common/redactSecrets.ts'
import { urlSecretParts } from '../../common/urlSecretParts.ts'

/**
 * A read of a chain's RPC failed: names the chain and the RPC's host (never its path or query,
 * where providers put keys) and the library's reason in one line, instead of its debug dump.
 */
export class ChainReadError extends FerryError {
  override name = 'ChainReadError'
  readonly chainId: number

  constructor(chainId: number, rpcUrls: readonly string[], cause: unknown) {
    const name = CHAINS[chainId as keyof typeof CHAINS]?.name
    const secrets = rpcUrls.flatMap(urlSecretParts)
    const hosts = rpcUrls.map(hostOf).join(', ')
    super(
      `chain ${chainId}${name ? ` (${name})` : ''}: RPC ${hosts} failed: ${redactSecrets(reasonOf(cause), secrets)}`,
      {
        metaMessages: [
          `fix: check that the RPC answers, or set another in chains.${chainId}.rpcUrls`,
        ],
        cause,
      },
    )
    this.chainId = chainId
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url
  } catch {
    return '(not a URL)'
  }
}

/** viem's one-line message and its detail (`fetch failed`, `ECONNREFUSED`), without its dump. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const e = error as Error & { shortMessage?: string; details?: string }
  const code = systemCodeOf(e.cause, 0) ?? rootMessageOf(e.cause, 0)
  const head = (e.shortMessage ?? e.message).split('\n')[0]!.replace(/\.$/, '')
  const detail = code ?? e.details?.split('\n')[0]
  return detail && !head.includes(detail) ? `${head} (${detail})` : head
}

/** The first system error code (`ECONNREFUSED`, `ENOTFOUND`) down the cause chain. */
function systemCodeOf(error: unknown, depth: number): string | undefined {
  if (depth > 8 || typeof error !== 'object' || error === null) return undefined
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code
  return systemCodeOf(cause, depth + 1)
}

/** The message of the last cause down the chain (fetch's `bad port`), when there is a cause. */
function rootMessageOf(error: unknown, depth: number): string | undefined {
  if (depth > 8 || !(error instanceof Error)) return undefined
  return rootMessageOf(error.cause, depth + 1) ?? error.message.split('\n')[0]
}
