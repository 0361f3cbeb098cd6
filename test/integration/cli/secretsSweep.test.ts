import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { runFerryInProcess } from '../../helpers/runFerryInProcess.ts'

// Secrets never reach stdout, stderr or the log (docs/operations.md §8.5): every CLI path that takes
// a URL is fed one with a marked password, at --log-level debug (the log is on stderr), and the
// mark must not come out, nor may anything be created from the URL.
const DEMO = fileURLToPath(new URL('../../../config/demo.yaml', import.meta.url))
const MARK = 'Mk9-pw-SWEEP'
const SHORT = 'Zq7'

let dir: string
let closedPort: number
let config: string
let sqlite: string
/** A listener that counts connections: a URL refused for its credentials is never requested. */
let counting: Server
let countingPort: number
let connections = 0
let demo: string
let urlConfig: string

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as { port: number }).port
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ferry-secrets-'))
  const probe = createServer()
  closedPort = await listen(probe)
  await new Promise((resolve) => probe.close(resolve))
  demo = join(dir, 'demo.yaml')
  copyFileSync(DEMO, demo)
  // In its own folder: reading it may leave SQLite's -shm beside it.
  mkdirSync(join(dir, 'journal'))
  sqlite = join(dir, 'journal', 'run.sqlite')
  openJournal(sqlite).close()
  counting = createServer((socket) => {
    connections++
    socket.destroy()
  })
  countingPort = await listen(counting)
  config = join(dir, 'ferry.yaml')
  writeFileSync(config, 'mode: dry-run\n')
  // journal.url from the environment, as the cluster setup writes it.
  urlConfig = join(dir, 'url.yaml')
  writeFileSync(urlConfig, `journal:\n  url: \${SWEEP_JOURNAL_URL}\n`)
})

afterAll(() => {
  counting?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

type Case = { name: string; args: string[]; env?: Record<string, string>; code: number }

function cases(): Case[] {
  const typo = `postgress://ferry:${MARK}@db.example:5432/ferry`
  const mysql = `mysql://root:${MARK}@db.example/ferry`
  const refused = `postgres://ferry:${MARK}@127.0.0.1:${closedPort}/ferry`
  const short = `postgres://ferry:${SHORT}@127.0.0.1:${closedPort}/ferry`
  const invalid = `postgres://ferry:${MARK}@db.sweep.invalid/ferry`
  const api = `http://user:${MARK}@127.0.0.1:${countingPort}`
  const readers: [string, string[]][] = [
    ['history', ['history']],
    ['status', ['status', '--config', config]],
    ['report', ['report', '--json']],
    ['cluster status', ['cluster', 'status']],
    ['cancel', ['cancel', `0x${'ab'.repeat(32)}`, '--config', config, '--live']],
  ]
  const list: Case[] = []
  for (const [name, args] of readers) {
    list.push({ name: `${name} --journal typo`, args: [...args, '--journal', typo], code: 2 })
    list.push({ name: `${name} --journal mysql`, args: [...args, '--journal', mysql], code: 2 })
    list.push({ name: `${name} env typo`, args, env: { FERRY_JOURNAL_URL: typo }, code: 2 })
  }
  for (const [name, args] of readers.slice(0, 4)) {
    list.push({ name: `${name} refused`, args, env: { FERRY_JOURNAL_URL: refused }, code: 1 })
  }
  list.push(
    { name: 'history short password', args: ['history', '--journal', short], code: 1 },
    { name: 'history host not found', args: ['history', '--journal', invalid], code: 1 },
    {
      name: 'history journal.url typo',
      args: ['history', '--config', urlConfig],
      env: { SWEEP_JOURNAL_URL: typo },
      code: 2,
    },
    {
      name: 'status journal.url mysql',
      args: ['status', '--config', urlConfig],
      env: { SWEEP_JOURNAL_URL: mysql },
      code: 2,
    },
    {
      name: 'config check journal.url mysql',
      args: ['config', 'check', urlConfig],
      env: { SWEEP_JOURNAL_URL: mysql },
      code: 2,
    },
    { name: 'replay --from typo', args: ['replay', config, '--from', typo], code: 2 },
    { name: 'replay --from refused', args: ['replay', config, '--from', refused], code: 1 },
    { name: 'run --journal typo', args: ['run', demo, '--journal', typo], code: 2 },
    {
      name: 'run FERRY_JOURNAL_URL refused',
      args: ['run', demo],
      env: { FERRY_JOURNAL_URL: refused },
      code: 1,
    },
    {
      name: 'record --journal mysql',
      args: ['record', demo, '--for', '1s', '--journal', mysql],
      code: 2,
    },
    {
      name: 'migrate --to typo',
      args: ['journal', 'migrate', '--from', config, '--to', typo],
      code: 2,
    },
    {
      name: 'migrate --to refused',
      args: ['journal', 'migrate', '--to', refused],
      env: { FERRY_JOURNAL: sqlite },
      code: 1,
    },
    {
      name: 'migrate journal.url typo',
      args: ['--config', urlConfig, 'journal', 'migrate', '--from', sqlite],
      env: { SWEEP_JOURNAL_URL: typo },
      code: 2,
    },
    {
      name: 'migrate --from url',
      args: ['journal', 'migrate', '--from', refused, '--to', refused],
      code: 2,
    },
    {
      name: 'hook-status --api-url',
      args: ['hook-status', `0x${'ab'.repeat(32)}`, '--api-url', api],
      code: 2,
    },
    { name: 'leaderboard --api-url', args: ['leaderboard', 'wallets', '--api-url', api], code: 2 },
    {
      name: 'hook-status FERRY_API_URL',
      args: ['hook-status', `0x${'ab'.repeat(32)}`],
      env: { FERRY_API_URL: api },
      code: 2,
    },
    {
      name: 'leaderboard --stats-url',
      args: [
        'leaderboard',
        'wallets',
        '--api-url',
        `http://127.0.0.1:${closedPort}`,
        '--stats-url',
        api,
      ],
      code: 2,
    },
  )
  return list
}

describe('no command prints a URL password', () => {
  test('error: every CLI error path that takes a URL keeps a marked password out of stdout, stderr and the log, and creates nothing', async () => {
    const before = readdirSync(dir).sort()
    const leaks: string[] = []
    for (const c of cases()) {
      const run = await runFerryInProcess(['--log-level', 'debug', ...c.args], c.env ?? {})
      const out = run.stdout + run.stderr
      if (out.includes(MARK) || out.includes(`:${SHORT}@`)) leaks.push(`${c.name}: ${out}`)
      expect(run.code, `${c.name}: ${run.stderr}`).toBe(c.code)
    }
    expect(leaks).toEqual([])
    // Credentials in --api-url, --stats-url or FERRY_API_URL: refused before any request.
    expect(connections).toBe(0)
    // Nothing was created from a URL taken as a path (no folder named after the password).
    expect(readdirSync(dir).sort()).toEqual(before)
    for (const scheme of ['postgress:', 'mysql:']) expect(existsSync(resolve(scheme))).toBe(false)
  })
})
