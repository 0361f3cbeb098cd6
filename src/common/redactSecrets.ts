/** Query-string and JSON keys whose values are secrets (safety P-5.3). Lower-case. */
export const SECRET_KEYS = [
  'accesstoken',
  'access_token',
  'apikey',
  'api_key',
  'authorization',
  'password',
  'passphrase',
  'privatekey',
  'private_key',
  'secret',
  'secretkey',
  'mnemonic',
] as const

/** The text that replaces a secret. */
export const REDACTED = '[redacted]'

const QUERY_SECRET_RE = new RegExp(`([?&;](?:${SECRET_KEYS.join('|')})=)[^&#\\s"']*`, 'gi')

/**
 * The password of a URL's user-info, any scheme (`postgres://user:PASSWORD@host`); one already
 * redacted by redactDatabaseUrl (`***`) stays as it is.
 */
const URL_PASSWORD_RE = /([a-z][a-z0-9+.-]*:\/\/[^/?#@:\s"']*:)(?!\*\*\*@)[^/?#@\s"']*@/gi

/**
 * Scrubs secrets out of free text: values of secret query parameters in URLs
 * (`?accesstoken=…`, the service's own key parameter, docs/dln.md §2.3), the password of any URL
 * with credentials (`postgres://user:…@host`, whatever its scheme), and every exact occurrence
 * of a known secret value. Used on log lines, error messages and alert text.
 * @param knownSecrets exact values to censor wherever they appear (keys, tokens, passwords).
 */
export function redactSecrets(text: string, knownSecrets: readonly string[] = []): string {
  let out = text
    .replace(QUERY_SECRET_RE, `$1${REDACTED}`)
    .replace(URL_PASSWORD_RE, `$1${REDACTED}@`)
  for (const secret of knownSecrets) {
    // Short values would censor ordinary words; secrets of ferry are long.
    if (secret.length >= 8) out = out.split(secret).join(REDACTED)
  }
  return out
}
