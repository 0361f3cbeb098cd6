/**
 * What of a URL must never be logged or alerted: all of it, and each part that can carry a token
 * (Slack's `/services/T…/B…/…`, Telegram's `/bot<token>/`, `?key=…`, `user:pass@`). Path segments
 * count when they look like tokens (a digit in them, or 20+ characters), so words such as
 * `services` or `sendMessage` stay readable; parts under 8 characters are left out, as
 * redactSecrets ignores them. Text that is no URL (`embedded`) gives nothing. Pure.
 */
export function urlSecretParts(text: string): string[] {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return []
  }
  const segments = url.pathname
    .split('/')
    .map(safeDecode)
    .filter((s) => /[0-9]/.test(s) || s.length >= 20)
  const parts = [
    text,
    url.pathname.length > 1 ? `${url.host}${url.pathname}` : '',
    safeDecode(url.username),
    safeDecode(url.password),
    ...segments,
    ...url.searchParams.values(),
  ]
  return [...new Set(parts.filter((p) => p.length >= 8))]
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}
