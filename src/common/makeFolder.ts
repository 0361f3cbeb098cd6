import { mkdirSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/**
 * `mkdir -p` one folder at a time, from the nearest folder that exists. Node's recursive mkdir
 * never returns for a path under /proc (it retries the ENOENT forever); this throws the first
 * failing mkdir's error instead, or ENOTDIR naming the file in the way.
 * @throws NodeJS.ErrnoException (`code`, `path`)
 */
export function makeFolder(dir: string): void {
  const missing: string[] = []
  let at = resolve(dir)
  for (;;) {
    const found = statSync(at, { throwIfNoEntry: false })
    if (found) {
      if (found.isDirectory()) break
      throw Object.assign(new Error(`ENOTDIR: ${at} is a file, not a folder`), {
        code: 'ENOTDIR',
        path: at,
      })
    }
    const parent = dirname(at)
    if (parent === at) break
    missing.unshift(at)
    at = parent
  }
  for (const folder of missing) mkdirSync(folder)
}
