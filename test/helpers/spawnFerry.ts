import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../../bin/ferry.js', import.meta.url))

/** One JSON line of `ferry run --json`. */
export type FerryEvent = { type: string; [key: string]: unknown }

/** A running `ferry` subprocess whose JSON stdout is read as it comes. */
export type SpawnedFerry = {
  /** Every event printed so far, in order. */
  readonly events: FerryEvent[]
  /** Everything written to stderr so far. */
  stderr(): string
  /**
   * Resolves once `ready(events)` returns a value (checked after each chunk of lines); rejects
   * with what `ready` throws, or when the process exits first or after `timeoutMs`, naming `what`.
   */
  waitFor<T>(
    what: string,
    ready: (events: FerryEvent[]) => T | undefined,
    timeoutMs: number,
  ): Promise<T>
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  kill(signal: NodeJS.Signals): void
  /** The process id of the ferry process. */
  readonly pid: number | undefined
}

/**
 * Starts `ferry <args>` as a real subprocess (the installed bin) with a clean FERRY_* environment
 * plus `env`. Unlike runFerry it does not wait for the end: tests act on the events while it runs.
 * The caller ends it (`kill`), and it is SIGKILLed after `maxLifetimeMs` in any case.
 */
export function spawnFerry(
  args: string[],
  maxLifetimeMs: number,
  env: Record<string, string> = {},
): SpawnedFerry {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('FERRY_')),
  )
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const events: FerryEvent[] = []
  let stderr = ''
  let partial = ''
  const listeners = new Set<() => void>()
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) if (line.startsWith('{')) events.push(JSON.parse(line) as FerryEvent)
    for (const listener of [...listeners]) listener()
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const killer = setTimeout(() => child.kill('SIGKILL'), maxLifetimeMs)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      clearTimeout(killer)
      for (const listener of [...listeners]) listener()
      resolve({ code, signal })
    })
  })
  return {
    events,
    stderr: () => stderr,
    exited,
    kill: (signal) => child.kill(signal),
    pid: child.pid,
    waitFor(what, ready, timeoutMs) {
      return new Promise((resolve, reject) => {
        const done = (): void => {
          clearTimeout(timer)
          listeners.delete(check)
        }
        const check = (): void => {
          let value: ReturnType<typeof ready>
          try {
            value = ready(events)
          } catch (error) {
            done()
            reject(error)
            return
          }
          if (value !== undefined) {
            done()
            resolve(value)
          } else if (child.exitCode !== null || child.signalCode !== null) {
            done()
            reject(new Error(`ferry exited before ${what}\n${stderr.slice(-2_000)}`))
          }
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`))
        }, timeoutMs)
        listeners.add(check)
        check()
      })
    },
  }
}
