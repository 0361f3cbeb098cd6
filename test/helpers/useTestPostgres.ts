import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { startTestPostgres, type TestPostgres } from './startTestPostgres.ts'

/** The calling test file's PostgreSQL server and the databases it hands out. */
export type TestPostgresDatabases = {
  /** The server, once `beforeAll` started it. */
  server(): TestPostgres
  /** Creates a new empty database named `<prefix>_<n>` on the server; its URL. */
  freshDatabase(): Promise<string>
}

/**
 * One embedded PostgreSQL server for the calling test file (started in `beforeAll`, stopped in
 * `afterAll`) and fresh databases on it, so row ids and orders start from scratch as on a new
 * SQLite file. Call it at the top of a test file or a describe block.
 */
export function useTestPostgres(prefix: string): TestPostgresDatabases {
  let server: TestPostgres
  let admin: pg.Pool
  let databases = 0
  beforeAll(async () => {
    server = await startTestPostgres()
    admin = new pg.Pool({ connectionString: server.url, max: 1 })
    // The server's stop (or restart) ends its idle connection: not a test failure.
    admin.on('error', () => {})
  }, 60_000)
  afterAll(async () => {
    await admin?.end()
    await server?.stop()
  })
  return {
    server: () => server,
    async freshDatabase() {
      const name = `${prefix}_${++databases}`
      await admin.query(`CREATE DATABASE ${name}`)
      const url = new URL(server.url)
      url.pathname = `/${name}`
      return url.toString()
    },
  }
}
