import { createHash } from 'node:crypto'

/** What a table holds, as `ferry journal migrate` compares it: its row count and a hash. */
export type TableDigest = {
  rows: number
  /** SHA-256, hex, over every row's values in the table's copy order. */
  sha256: string
}

/** Takes rows one by one and gives their {@link TableDigest}. */
export type RowDigest = {
  add(values: readonly unknown[]): void
  digest(): TableDigest
}

/**
 * One value as text both databases' drivers agree on: SQLite's INTEGER (a bigint when read with
 * safe integers) and PostgreSQL's bigint (a number) give the same decimal, a REAL and a double
 * precision the same shortest round-trip text, and strings carry their length so no value can
 * run into the next.
 */
function encodeValue(value: unknown): string {
  if (value === null || value === undefined) return 'n'
  if (typeof value === 'bigint' || typeof value === 'number') return `d${String(value)}`
  if (typeof value === 'string') return `s${value.length}:${value}`
  if (Buffer.isBuffer(value)) return `b${value.toString('hex')}`
  return `o${String(value)}`
}

/**
 * A running digest of a table's rows: the same rows in the same order give the same digest
 * whichever database they were read from; a changed value, a lost or extra row, or a different
 * order gives another.
 */
export function createRowDigest(): RowDigest {
  const hash = createHash('sha256')
  let rows = 0
  return {
    add(values) {
      rows += 1
      hash.update(`${values.map(encodeValue).join('|')}\n`)
    },
    digest: () => ({ rows, sha256: hash.digest('hex') }),
  }
}
