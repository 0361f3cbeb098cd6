import { hasUrlCredentials } from './hasUrlCredentials.ts'
import { UsageError } from './UsageError.ts'

/**
 * Refuses a service URL with credentials in it (`http://user:pass@host`), whichever path set it
 * (a flag, the environment, `service.apiUrl` of a config): fetch cannot build a request from it,
 * so it would fail on every attempt and every retry, and its text would carry the password into
 * messages. The URL itself is never echoed.
 * @param urls each URL with the flag, variable or config key that set it.
 * @throws UsageError (exit 2) naming the setting and the fix.
 */
export function refuseUrlCredentials(urls: readonly (readonly [string, string])[]): void {
  for (const [field, url] of urls) {
    if (!hasUrlCredentials(url)) continue
    throw new UsageError(
      field,
      'holds credentials (user:password@); ferry sends none in a service URL and never prints one',
      'remove user:password@ from the URL; give the access token through FERRY_ACCESS_TOKEN or service.accessTokenEnv',
    )
  }
}
