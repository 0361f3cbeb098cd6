import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { useTestPostgres } from '../../helpers/useTestPostgres.ts'

const CHILD = fileURLToPath(new URL('./pgDropChild.ts', import.meta.url))
const postgres = useTestPostgres('drop')

describe('a PostgreSQL server dropped under a ferry process (docs/architecture.md §5)', () => {
  test('error: the server restarts while the process is idle, inside a grouped write, while its cluster member turns, and while it shuts down: no pg error event crashes it, and it goes on', async () => {
    const url = await postgres.freshDatabase()
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, url], {
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const exited = once(child, 'exit')
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
    const read = async (): Promise<Record<string, unknown>> => {
      const line = await lines.next()
      if (line.done) throw new Error(`the process ended early:\n${stderr}`)
      return JSON.parse(line.value) as Record<string, unknown>
    }
    const server = postgres.server()
    try {
      expect(await read()).toEqual({ phase: 'idle' })
      await server.restart()
      child.stdin.write('next\n')
      expect(await read()).toEqual({ phase: 'inBatch' })
      await server.restart()
      child.stdin.write('next\n')
      // The group was lost with its connection, and said so; nothing reported it committed.
      expect(await read()).toEqual({ batch: expect.stringMatching(/^lost: /) })
      expect(await read()).toEqual({ phase: 'turning' })
      await server.restart()
      child.stdin.write('next\n')
      // Written again after each drop, and the member holds its group again.
      expect(await read()).toEqual({ phase: 'closing', runs: true })
      const restarting = server.restart()
      child.stdin.write('next\n')
      await restarting
      expect(await read()).toMatchObject({ phase: 'closed' })
      const [code] = await exited
      expect(code, stderr).toBe(0)
      expect(stderr).not.toMatch(/Unhandled|uncaught/i)
    } finally {
      child.kill('SIGKILL')
    }
  }, 120_000)
})
