import { execFile } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { beforeAll, describe, expect, test } from 'vitest'
import { createEngineCommandsFixture } from '../../helpers/engineCommandsFixture.ts'
import { rebalanceYaml } from '../../helpers/rebalanceYaml.ts'
import { type FerryRun, runFerry } from '../../helpers/runFerry.ts'

const BIN = fileURLToPath(new URL('../../../bin/ferry.js', import.meta.url))
/** `nobody`: the owner of the read-only cases' files when the tests run as root. */
const NOBODY = 65534
const AS_ROOT = process.getuid?.() === 0

/**
 * Runs the real binary as a user who does not own the read-only cases' files. Not as root, that
 * is the current user (the files stay theirs; their modes decide). As root (who ignores file
 * modes) it is root without the capabilities that override them (setpriv drops dac_override,
 * dac_read_search and fowner) while {@link handToOtherOwner} gives those files to `nobody`: a
 * user that can still reach the checkout's bin, dist and node_modules wherever it is cloned
 * (`nobody` itself could not enter a checkout inside a 0700 folder).
 */
function runFerryAsOtherUser(args: string[]): Promise<FerryRun> {
  const dropped = '-dac_override,-dac_read_search,-fowner'
  const command = AS_ROOT ? 'setpriv' : process.execPath
  const prefix = AS_ROOT
    ? [`--bounding-set=${dropped}`, `--inh-caps=${dropped}`, process.execPath]
    : []
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('FERRY_')),
  )
  return new Promise((resolve) => {
    execFile(command, [...prefix, BIN, ...args], { env, timeout: 30_000 }, (error, out, err) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      resolve({ code, stdout: out, stderr: err })
    })
  })
}

/** As root, gives files to `nobody` so that {@link runFerryAsOtherUser} is not their owner. */
function handToOtherOwner(...paths: string[]): void {
  if (AS_ROOT) for (const path of paths) chownSync(path, NOBODY, NOBODY)
}

/** A folder others can enter and read (mkdtemp makes it 0700). */
function openDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  chmodSync(dir, 0o755)
  return dir
}

/**
 * A dry-run config for ferry run that passes every start-up check and points at nothing
 * listening, so a run that starts fails its ticks fast: the journal cases stop before that.
 */
function writeRunConfig(dir: string): string {
  const path = join(dir, 'run.yaml')
  writeFileSync(
    path,
    `service:
  apiUrl: http://127.0.0.1:9
  retries: 0
chains:
  42161: { rpcUrls: ["http://127.0.0.1:9"] }
  8453: { rpcUrls: ["http://127.0.0.1:9"] }
wallets:
  evm: { address: "0x1111111111111111111111111111111111111111", privateKeyEnv: FERRY_UNUSED_KEY }
${rebalanceYaml()}`,
  )
  return path
}

/** Writes garbage over every page but the first (the schema), as a failing disk would. */
function damagePages(path: string): void {
  const pageBytes = 4096
  const fd = openSync(path, 'r+')
  try {
    for (let page = 1; page < statSync(path).size / pageBytes; page++)
      writeSync(fd, Buffer.alloc(pageBytes, 0x5a), 0, pageBytes, page * pageBytes)
  } finally {
    closeSync(fd)
  }
}

const fixture = createEngineCommandsFixture()
const dir = openDir('ferry-bad-journal-')
const runConfig = writeRunConfig(dir)

describe('bad input: the journal file (exit 2, the path, the fix)', () => {
  const readCommands = (journal: string): string[][] => [
    ['history', '--journal', journal],
    ['status', '--config', fixture.configPath, '--journal', journal],
    ['report', '--json', '--journal', journal],
  ]

  test('failure: a read command on a journal that does not exist names the path and the flag to fix', async () => {
    const journal = join(dir, 'typo', 'ferry.journal.sqlite')
    for (const args of readCommands(journal)) {
      const result = await runFerry(args)
      expect(result.code, args[0]).toBe(2)
      expect(result.stderr).toContain(`journal ${journal}: does not exist`)
      expect(result.stderr).toContain('(fix: pass --journal <path>')
      expect(result.stderr).not.toContain('    at ')
    }
    expect(existsSync(join(dir, 'typo'))).toBe(false)
  })

  test('failure: ferry run with a --journal in a folder that does not exist creates nothing, names the folder and --create', async () => {
    const journal = join(dir, 'jornal', 'ferry.journal.sqlite')
    const result = await runFerry(['run', runConfig, '--once', '--json', '--journal', journal])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      `journal ${journal}: its folder ${join(dir, 'jornal')} does not exist`,
    )
    expect(result.stderr).toContain(
      'fix: check the path for a typo; to start a new journal there, add --create',
    )
    expect(result.stdout).toBe('')
    expect(existsSync(join(dir, 'jornal'))).toBe(false)
  })

  test('behavior: ferry run --create makes the folder and a new journal', async () => {
    const journal = join(dir, 'new', 'deeper', 'ferry.journal.sqlite')
    const result = await runFerry(
      ['run', runConfig, '--once', '--json', '--create', '--journal', journal],
      {},
      60_000,
    )
    expect(result.stderr).not.toContain('does not exist')
    expect(existsSync(journal)).toBe(true)
    const raw = new Database(journal, { readonly: true })
    expect(Number(raw.pragma('user_version', { simple: true }))).toBeGreaterThan(0)
    raw.close()
  }, 70_000)

  test('failure: a file that is not a database is named as not a ferry journal, by readers and by run', async () => {
    const journal = join(dir, 'notes.txt')
    writeFileSync(journal, 'these are my notes, not a journal; they are long enough for a header\n')
    for (const args of [
      ...readCommands(journal),
      ['run', runConfig, '--once', '--json', '--journal', journal],
    ]) {
      const result = await runFerry(args)
      expect(result.code, args[0]).toBe(2)
      expect(result.stderr).toContain(`journal ${journal}: is not a ferry journal`)
      expect(result.stderr).toContain('(fix: pass --journal <path> of the file ferry run writes')
      expect(result.stderr).not.toContain('file is not a database\n')
    }
  })

  test('failure: an SQLite database without ferry tables is not a ferry journal to the readers', async () => {
    const journal = join(dir, 'other.sqlite')
    new Database(journal).close()
    const result = await runFerry(['history', '--journal', journal])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`journal ${journal}: is not a ferry journal`)
    expect(result.stderr).toContain('fix: pass --journal')
  })

  test('failure: a damaged journal is named, with the restore as its fix, by readers and by run', async () => {
    const journal = join(dir, 'damaged.sqlite')
    copyFileSync(fixture.journalPath, journal)
    damagePages(journal)
    for (const args of [
      ...readCommands(journal),
      ['run', runConfig, '--once', '--json', '--journal', journal],
    ]) {
      const result = await runFerry(args)
      expect(result.code, args[0]).toBe(2)
      expect(result.stderr).toContain(`journal ${journal}: is damaged`)
      expect(result.stderr).toContain('fix: stop ferry, move the file and its -wal/-shm aside')
      expect(result.stderr).not.toMatch(/^ferry: database disk image is malformed/m)
    }
  })

  describe('as a user who may read but not write (a monitoring user, a read-only mount)', () => {
    let readOnlyDir: string
    let journal: string
    beforeAll(() => {
      // Not the runner's, 0755 and 0644: it may read both, and write neither. The journal was
      // closed cleanly, so no -shm is left beside it and SQLite could not create one here.
      readOnlyDir = join(dir, 'readonly')
      mkdirSync(readOnlyDir, { mode: 0o755 })
      journal = join(readOnlyDir, 'ferry.journal.sqlite')
      copyFileSync(fixture.journalPath, journal)
      chmodSync(journal, 0o644)
      handToOtherOwner(readOnlyDir, journal)
      expect(existsSync(`${journal}-shm`)).toBe(false)
      chmodSync(fixture.dir, 0o755)
      chmodSync(fixture.configPath, 0o644)
    })

    test('behavior: history, status and report read the journal and write nothing', async () => {
      const history = await runFerryAsOtherUser(['history', '--journal', journal])
      expect(history.stderr).toBe('')
      expect(history.code).toBe(0)
      expect(history.stdout).toContain('i-live')
      expect(history.stdout).toContain('failed (quote expired)')
      const status = await runFerryAsOtherUser([
        'status',
        '--config',
        fixture.configPath,
        '--journal',
        journal,
      ])
      expect(status.code).toBe(0)
      expect(status.stdout).toContain('in flight    1 intent(s), $250.00')
      const report = await runFerryAsOtherUser(['report', '--json', '--journal', journal])
      expect(report.code).toBe(0)
      expect(JSON.parse(report.stdout).orders.length).toBe(4)
      // Nothing was written beside the journal.
      expect(existsSync(`${journal}-shm`)).toBe(false)
      expect(existsSync(`${journal}-wal`)).toBe(false)
    })

    test('failure: ferry run on a journal this user cannot write stops at once, naming the path and the fix', async () => {
      chmodSync(dir, 0o755)
      chmodSync(runConfig, 0o644)
      const result = await runFerryAsOtherUser([
        'run',
        runConfig,
        '--once',
        '--json',
        '--journal',
        journal,
      ])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(`journal ${journal}: is not writable by this user`)
      expect(result.stderr).toContain('(fix: run ferry as the user that owns the journal')
      expect(result.stdout).toBe('')
    })

    test('failure: a journal this user cannot read names the path and the read access to give', async () => {
      const secret = join(readOnlyDir, 'private.sqlite')
      copyFileSync(fixture.journalPath, secret)
      chmodSync(secret, 0o600)
      handToOtherOwner(secret)
      const result = await runFerryAsOtherUser(['history', '--journal', secret])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(`journal ${secret}: `)
      expect(result.stderr).toContain('fix: give this user read access to the file and its folder')
    })
  })
})
