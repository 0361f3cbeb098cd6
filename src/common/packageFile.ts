import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FerryError } from './FerryError.ts'

let root: string | undefined

/**
 * The absolute path of a file of ferry's package, given from the package's root (the folder of
 * its package.json): `packageFile('src/devnet/contracts')`. Code compiled into a chunk under dist/
 * no longer sits beside the files it reads or starts, so they are found from the root, which is
 * the same whether ferry runs from its sources (vitest, tsx) or from dist/ (bin/ferry.js, the
 * image, an installed package).
 */
export function packageFile(...segments: string[]): string {
  root ??= findRoot(dirname(fileURLToPath(import.meta.url)))
  return join(root, ...segments)
}

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) throw new FerryError(`ferry's package.json is not above ${from}`)
  }
}
