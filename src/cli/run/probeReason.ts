/** The host of a URL: paths, queries and userinfo can carry API keys, so they are never shown. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return '(not a URL)'
  }
}

/** Why a probe's request failed, in a few words (an error code, a timeout), never a URL. */
export function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  if (cause?.code) return cause.code
  if (cause?.message) return cause.message
  if ((error as Error).name === 'TimeoutError') return 'no answer in time'
  return (error as Error).message ?? String(error)
}
