import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const CHILD = fileURLToPath(new URL('./journalChild.ts', import.meta.url))

/** A running journal child with its stdout as JSON lines. */
export type JournalChild = {
  process: ChildProcess
  /** Resolves with the next JSON line, rejects if none comes within `limitMs` (a bound). */
  nextLine(limitMs?: number): Promise<Record<string, unknown>>
  /** Resolves with how the child ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  stderr(): string
}

/** Starts `journalChild.ts` with one JSON command, the way a second ferry process would run. */
export function runJournalChild(command: object): JournalChild {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(command)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const lines: string[] = []
  const waiters: ((line: string) => void)[] = []
  createInterface({ input: child.stdout }).on('line', (line) => {
    const waiter = waiters.shift()
    if (waiter) waiter(line)
    else lines.push(line)
  })
  // 'exit' fires after the child is reaped, so its pid is really gone (no zombie) by then.
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }))
  return {
    process: child,
    exited,
    stderr: () => stderr,
    nextLine(limitMs = 15_000) {
      const queued = lines.shift()
      if (queued !== undefined) return Promise.resolve(JSON.parse(queued))
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`journal child printed nothing within ${limitMs} ms: ${stderr}`))
        }, limitMs)
        const waiter = (line: string): void => {
          clearTimeout(timer)
          resolve(JSON.parse(line))
        }
        waiters.push(waiter)
        void exited.then(() => {
          const at = waiters.indexOf(waiter)
          if (at < 0) return
          waiters.splice(at, 1)
          clearTimeout(timer)
          reject(new Error(`journal child exited without a line: ${stderr}`))
        })
      })
    },
  }
}
