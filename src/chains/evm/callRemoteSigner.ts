import { FerryError } from '../../common/FerryError.ts'
import { redactSecrets } from '../../common/redactSecrets.ts'
import { urlSecretParts } from '../../common/urlSecretParts.ts'

/** The config path every remote-signer error names; the URL itself may carry credentials. */
export const REMOTE_SIGNER_URL_FIELD = 'wallets.evm.signer.remote.url'

/** A remote signer that did not answer, or answered with a JSON-RPC error. */
export class RemoteSignerError extends FerryError {
  override name = 'RemoteSignerError'
  /** True when the signer could not be reached at all (no HTTP answer). */
  readonly unreachable: boolean
  constructor(problem: string, unreachable: boolean, detail?: string) {
    super(`remote signer (${REMOTE_SIGNER_URL_FIELD}): ${problem}`, {
      ...(detail ? { details: detail } : {}),
    })
    this.unreachable = unreachable
  }
}

/**
 * One JSON-RPC call to the remote signer at `url` (docs/safety.md §5, remote signer). Bounded by
 * `timeoutMs` (default 10 000). Errors name the config field, never the URL, and the signer's
 * own error text is scrubbed of the URL's secret parts, since a proxy may echo them.
 * @throws RemoteSignerError when the signer is unreachable, answers non-JSON or with an error.
 */
export async function callRemoteSigner(
  url: string,
  method: string,
  params: unknown[],
  timeoutMs = 10_000,
): Promise<unknown> {
  const scrub = (text: string): string => redactSecrets(text, urlSecretParts(url))
  const { target, authorization } = splitCredentials(url)
  let response: Response
  try {
    response = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name
    throw new RemoteSignerError(`unreachable (${scrub(String(cause))})`, true)
  }
  let body: { result?: unknown; error?: { message?: string } }
  try {
    body = (await response.json()) as typeof body
  } catch {
    throw new RemoteSignerError(`answered HTTP ${response.status} without JSON-RPC`, false)
  }
  if (body.error) {
    throw new RemoteSignerError(
      `${method} failed`,
      false,
      scrub(String(body.error.message ?? 'error')),
    )
  }
  if (body.result === undefined) throw new RemoteSignerError(`${method}: no result`, false)
  return body.result
}

/** fetch refuses URLs with `user:pass@`: they travel as HTTP Basic authorization instead. */
function splitCredentials(url: string): { target: string; authorization: string | undefined } {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { target: url, authorization: undefined }
  }
  if (parsed.username === '' && parsed.password === '')
    return { target: url, authorization: undefined }
  const basic = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`
  parsed.username = ''
  parsed.password = ''
  return {
    target: parsed.toString(),
    authorization: `Basic ${Buffer.from(basic).toString('base64')}`,
  }
}
