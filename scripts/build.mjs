#!/usr/bin/env node
// Compiles ferry's TypeScript into dist/ with esbuild: one ESM bundle per entry point, code that
// entries or lazily imported commands share in dist/chunks/, node_modules left external (imported
// from node_modules at run time), source maps beside each file. A full build takes 0.1-0.6 s (by load), so
// nothing is incremental: every build starts from the sources and removes what it no longer
// writes. Plain JavaScript, so it runs where tsx is not installed (npm's prepare, the image).
//   node scripts/build.mjs          (npm run build; npm ci runs it through prepare)
import { readdirSync, rmdirSync, rmSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(ROOT, 'dist')

/**
 * What runs as its own process, by path: the CLI (bin/ferry.js imports dist/src/cli/main.js), the
 * devnet's Solana child (src/devnet/solana/startSolanaDevnet.ts spawns it) and the contracts build
 * of npm's prepare. Each lands at its source path under dist/, with .js.
 */
export const ENTRY_POINTS = [
  'src/cli/main.ts',
  'src/devnet/solana/solanaDevnetMain.ts',
  'scripts/buildContracts.ts',
]

/** Thrown when esbuild, a devDependency, is not installed (npm ci --omit=dev). */
export class CompilerMissingError extends Error {}

/**
 * Builds dist/ from the sources and returns how long it took and how many files it wrote.
 * @returns {Promise<{ ms: number, files: number }>}
 */
export async function buildDist() {
  let esbuild
  try {
    esbuild = await import('esbuild')
  } catch {
    throw new CompilerMissingError('esbuild is not installed (it is a devDependency)')
  }
  const t0 = performance.now()
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRY_POINTS,
    outdir: 'dist',
    outbase: '.',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Error classes and functions keep their names (error.name, logs) across the bundle's renames.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
  })
  const written = new Set(Object.keys(result.metafile.outputs).map((p) => resolve(ROOT, p)))
  for (const file of filesUnder(DIST)) if (!written.has(file)) rmSync(file)
  removeEmptyDirs(DIST)
  return { ms: performance.now() - t0, files: written.size }
}

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  let names
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** @param {string} dir */
function removeEmptyDirs(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) removeEmptyDirs(path)
  }
  if (dir !== DIST && readdirSync(dir).length === 0) rmdirSync(dir)
}

function hasDist() {
  try {
    return statSync(join(DIST, 'src', 'cli', 'main.js')).isFile()
  } catch {
    return false
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quiet = process.argv.includes('--quiet')
  try {
    const { ms, files } = await buildDist()
    if (!quiet)
      console.error(`built ${relative(ROOT, DIST)}/: ${files} files in ${ms.toFixed(0)} ms`)
  } catch (error) {
    if (!(error instanceof CompilerMissingError)) throw error
    // Installs without devDependencies (npm ci --omit=dev over a built checkout, the image's
    // runtime) keep the dist/ they were given; without one there is nothing ferry can run.
    if (hasDist()) {
      if (!quiet) console.error(`build: ${error.message}; keeping the existing dist/`)
    } else {
      console.error(`build: ${error.message} and there is no dist/ to run`)
      console.error('fix: run npm ci (with devDependencies), or install a packed ferry (npm pack)')
      process.exit(1)
    }
  }
}
