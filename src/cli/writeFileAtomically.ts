import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/** Writes beside the target, then renames: a reader never sees half a file. */
export function writeFileAtomically(path: string, text: string): void {
  const target = resolve(path)
  mkdirSync(dirname(target), { recursive: true })
  const tmp = `${target}.${process.pid}.tmp`
  writeFileSync(tmp, text)
  renameSync(tmp, target)
}
