import type { WriteBatch } from './createWriteBatch.ts'

/**
 * `records` with each method named in `writes` joining the write batch before it runs, so that
 * inside a batch scope it commits with the others rather than on its own. Methods not named keep
 * committing alone, which is only slower: forgetting one never weakens durability.
 */
export function groupWrites<T extends object>(
  records: T,
  batch: Pick<WriteBatch, 'join'>,
  writes: readonly (keyof T)[],
): T {
  const grouped = { ...records }
  for (const name of writes) {
    const write = records[name] as (...args: unknown[]) => unknown
    ;(grouped as Record<keyof T, unknown>)[name] = (...args: unknown[]) => {
      batch.join()
      return write(...args)
    }
  }
  return grouped
}
