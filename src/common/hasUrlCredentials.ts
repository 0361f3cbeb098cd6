/**
 * Whether `text` carries credentials in a URL's user-info part (`scheme://user:pass@host`),
 * parsed or not: a value the URL parser rejects may still hold a password. Pure.
 */
export function hasUrlCredentials(text: string): boolean {
  try {
    const url = new URL(text)
    if (url.username !== '' || url.password !== '') return true
  } catch {
    // Not a URL: the pattern below still finds `//user:pass@`.
  }
  return /\/\/[^/?#\s]*@/.test(text)
}
