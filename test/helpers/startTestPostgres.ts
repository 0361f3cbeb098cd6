import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadEmbeddedPostgres } from './loadEmbeddedPostgres.ts'

/** One PostgreSQL server of a test file, on loopback, with its data in a temp dir. */
export type TestPostgres = {
  /** Connection URL of the `ferry` database, e.g. `postgres://ferry:…@127.0.0.1:PORT/ferry`. */
  url: string
  port: number
  /** Stops the server (fast shutdown) and removes its data dir. Idempotent. */
  stop(): Promise<void>
  /**
   * Stops the server and starts it again on the same port and data: every open connection is
   * cut, committed data stays (a database restart as clients see it).
   */
  restart(): Promise<void>
}

const USER = 'ferry'
const PASSWORD = 'ferry-test'

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

/** Options of {@link startTestPostgres}. */
export type TestPostgresOptions = {
  /**
   * Keep PostgreSQL's own durability defaults (`fsync`, `full_page_writes` and
   * `synchronous_commit` on: a commit returns after its WAL is flushed to disk), for figures
   * comparable with SQLite's `synchronous=FULL`. Default false: tests prove semantics, not crash
   * safety, and run faster without the flushes.
   */
  durable?: boolean
}

/**
 * Starts an embedded PostgreSQL (one per test file: ~1.5 s) in a fresh temp dir on a free
 * loopback port, with a `ferry` database. Durability knobs are off unless `durable`. As root,
 * the server runs as the `postgres` user, which must be able to write the data dir's parent,
 * hence the 0o777 on the temp dir, and to read its binaries (see {@link loadEmbeddedPostgres}).
 */
export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const root = mkdtempSync(join(tmpdir(), 'ferry-pg-'))
  chmodSync(root, 0o777)
  const port = await freeLoopbackPort()
  const logs: string[] = []
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const server = new EmbeddedPostgres({
    databaseDir: join(root, 'data'),
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.durable ? [] : ['-c', 'fsync=off', '-c', 'full_page_writes=off']),
    ],
    // Kept for the failure message only: a quiet test run unless the server cannot start.
    onLog: (message) => {
      logs.push(message)
    },
    onError: (error) => {
      logs.push(String(error))
    },
  })
  try {
    await server.initialise()
    await server.start()
    await server.createDatabase('ferry')
  } catch (error) {
    await server.stop().catch(() => {})
    rmSync(root, { recursive: true, force: true })
    throw new Error(`embedded PostgreSQL did not start:\n${logs.slice(-20).join('')}`, {
      cause: error,
    })
  }
  let stopped = false
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/ferry`,
    port,
    async stop() {
      if (stopped) return
      stopped = true
      await server.stop()
      rmSync(root, { recursive: true, force: true })
    },
    async restart() {
      await server.stop()
      await server.start()
    },
  }
}
