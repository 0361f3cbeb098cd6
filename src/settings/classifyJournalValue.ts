import { resolve } from 'node:path'
import { UsageError } from '../common/UsageError.ts'

/** The URL schemes ferry opens as a journal (PostgreSQL's two spellings). */
export const JOURNAL_URL_SCHEMES = ['postgres', 'postgresql'] as const

/** Where the journal is: the embedded SQLite file, or a shared PostgreSQL database. */
export type JournalTarget =
  | { kind: 'sqlite'; path: string; source?: string }
  | { kind: 'postgres'; url: string; source?: string }

/**
 * `scheme:` at the start of a value. Two letters at least, so a Windows drive (`C:\…`) stays a
 * path. A colon later in a file name (`./a:b.sqlite`) is not at the start.
 */
const SCHEME_RE = /^([A-Za-z][A-Za-z0-9+.-]+):/

const FIX = `give postgres://user@host:5432/database (or postgresql://), its password through FERRY_JOURNAL_URL; or a SQLite file path (write ./name for a file whose name holds a colon)`

/**
 * What a journal value names: a value with a URL scheme is a URL, never a path, so a mistyped
 * `postgress://user:pass@host/db` is refused rather than created as a SQLite file in folders
 * named after the password. `source` is the flag, variable or config key it came from.
 * @throws UsageError (exit 2) naming `source`, the scheme and the supported ones; the value
 *   itself is never echoed, since it may hold a password.
 */
export function classifyJournalValue(source: string, value: string): JournalTarget {
  const text = value.trim()
  const scheme = SCHEME_RE.exec(text)?.[1]?.toLowerCase()
  if (scheme === undefined) return { kind: 'sqlite', path: resolve(text), source }
  if (!(JOURNAL_URL_SCHEMES as readonly string[]).includes(scheme)) {
    throw new UsageError(
      source,
      `the URL scheme "${scheme}:" is not one ferry opens as a journal (supported: ${JOURNAL_URL_SCHEMES.map((s) => `${s}://`).join(', ')}); nothing was opened or created`,
      FIX,
    )
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new UsageError(source, `is not a valid ${scheme}:// URL`, FIX)
  }
  // libpq's reading: the host may be left out (`postgres:///db`, the local server or
  // `?host=/socket/dir`), but the `//` may not.
  if (!text.slice(scheme.length + 1).startsWith('//') || url.protocol !== `${scheme}:`) {
    throw new UsageError(source, `is not a ${scheme}:// URL (no // after the scheme)`, FIX)
  }
  return { kind: 'postgres', url: text, source }
}
