import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../../bin/ferry.js', import.meta.url))

/** What a ferry subprocess did. */
export type FerryRun = {
  code: number
  stdout: string
  stderr: string
  /** The signal that ended the process, if one did (e.g. SIGKILL from a crash test). */
  signal?: NodeJS.Signals
}

/**
 * Runs `ferry <args>` as a real subprocess (the installed bin), with a clean FERRY_* environment
 * plus `env`. Bounded by `timeoutMs`.
 */
export function runFerry(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 20_000,
): Promise<FerryRun> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('FERRY_')),
  )
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...base, ...env }, timeout: timeoutMs, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, stdout, stderr, ...(error?.signal ? { signal: error.signal } : {}) })
      },
    )
  })
}

/** One engine event as `ferry run --json` prints it (src/engine/engineEvents.ts), loosely typed. */
export type FerryEvent = { type: string; [key: string]: unknown }

/** The JSON events of a `ferry run --json` output, one per non-empty line. */
export function jsonEvents(stdout: string): FerryEvent[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as FerryEvent)
}
