/** A database URL without its password, for messages and reports. Pure. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(not a URL)'
  }
}
