import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { UsageError } from '../common/UsageError.ts'

/**
 * Writes beside the target, then renames: a reader never sees half a file. A folder as the
 * target is a usage error naming `flag`, checked first; the temporary file never outlives a
 * failed write.
 */
export function writeFileAtomically(path: string, text: string, flag = '--out'): void {
  const target = resolve(path)
  if (statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(
      flag,
      `${target} is a folder`,
      `give a file path, e.g. ${flag} ${join(path, 'report.html')}`,
    )
  }
  mkdirSync(dirname(target), { recursive: true })
  const tmp = `${target}.${process.pid}.tmp`
  try {
    writeFileSync(tmp, text)
    renameSync(tmp, target)
  } catch (error) {
    rmSync(tmp, { force: true })
    throw error
  }
}
