import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const SCRIPT = fileURLToPath(
  new URL('../../fixtures/devnet/startChainsAndReport.ts', import.meta.url),
)

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Waits until every pid has exited; bounded, as the processes die on their own. */
async function waitForExit(pids: number[], limitMs: number): Promise<number[]> {
  const deadline = Date.now() + limitMs
  while (Date.now() < deadline) {
    const alive = pids.filter(isAlive)
    if (alive.length === 0) return []
    await new Promise((r) => setTimeout(r, 50))
  }
  return pids.filter(isAlive)
}

describe('devnet processes', () => {
  test.each(['SIGKILL', 'SIGTERM'] as const)(
    'behavior: no chain process outlives a parent stopped with %s',
    async (signal) => {
      const parent = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const pids = await new Promise<{ anvil: number; solana: number }>((resolve, reject) => {
        let out = ''
        parent.stdout.on('data', (c: Buffer) => {
          out += c.toString()
          const line = out.split('\n').find((l) => l.startsWith('{'))
          if (line) resolve(JSON.parse(line))
        })
        parent.once('exit', (code) => reject(new Error(`parent exited early (${code})`)))
      })
      expect(isAlive(pids.anvil)).toBe(true)
      expect(isAlive(pids.solana)).toBe(true)
      parent.kill(signal)
      expect(await waitForExit([pids.anvil, pids.solana], 10_000)).toEqual([])
    },
  )
})
