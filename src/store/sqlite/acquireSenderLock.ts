import { closeSync, fsyncSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import type Database from 'better-sqlite3'
import type { Clock } from '../../common/clock.ts'
import { JournalError } from '../contract/JournalError.ts'
import { toWalletKey } from '../contract/toWalletKey.ts'
import { isProcessAlive } from './isProcessAlive.ts'
import { SenderLockHeldError } from './SenderLockHeldError.ts'
import { SenderLockLostError } from './SenderLockLostError.ts'

/** A held single-writer lock on one (chain, wallet) (P-2.4). */
export type SenderLock = {
  chainId: number
  /** The wallet as stored (EVM lower-cased). */
  address: string
  ownerId: string
  pid: number
  /** The OS-level lock file next to the database. */
  lockFilePath: string
  /** When the lock row expires unless refreshed, clock ms. */
  expiresMs(): number
  /**
   * Refreshes the lock row to now + ttl. Throws {@link SenderLockLostError} when the row or the
   * file names someone else: the caller must then stop sending from the wallet.
   */
  heartbeat(): void
  /** Drops the row and the file, if still ours. Idempotent. */
  release(): void
}

/** What the lock needs from the journal that owns it. */
export type SenderLockContext = {
  db: Database.Database
  /** Path of the database file; lock files are created next to it. */
  dbPath: string
  clock: Clock
}

type LockRow = { owner_id: string; pid: number; expires_ms: number }
type LockFileContent = { pid: number; ownerId: string; chainId: number; address: string }

function readLockFile(path: string): LockFileContent | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockFileContent>
    return typeof parsed.pid === 'number' && typeof parsed.ownerId === 'string'
      ? (parsed as LockFileContent)
      : undefined
  } catch {
    // Missing, or torn by a crash between create and write: either way nobody live holds it.
    return undefined
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/** Path of the lock file of one (chain, wallet) next to the database at `dbPath`. */
export function toSenderLockPath(dbPath: string, chainId: number, address: string): string {
  return `${dbPath}.sender-${chainId}-${toWalletKey(address)}.lock`
}

/**
 * Takes the single-writer lock of (chainId, address) for `ownerId` (P-2.4), in two layers:
 * - a lock row in the journal, refreshed by {@link SenderLock.heartbeat}, expiring `ttlMs` after
 *   the last refresh;
 * - an OS-level lock file next to the database, created with `O_CREAT|O_EXCL` (`wx`) and holding
 *   the pid, so the lock survives a deleted or recreated database and names its holder.
 *
 * A holder is stale when its pid is dead (it crashed) — then the lock is taken over. A live pid
 * with an expired row still holds the file: a hung sender may resume, so ferry refuses rather than
 * risk two senders. Both layers are checked inside one `BEGIN IMMEDIATE` transaction, which
 * serialises competing processes on the same journal. Re-acquiring by the same owner in the same
 * process refreshes the lock.
 * @throws SenderLockHeldError naming the wallet and the holder's pid.
 */
export function acquireSenderLock(
  context: SenderLockContext,
  chainId: number,
  address: string,
  ownerId: string,
  ttlMs: number,
): SenderLock {
  const { db, clock } = context
  const wallet = toWalletKey(address)
  const pid = process.pid
  const lockFilePath = toSenderLockPath(context.dbPath, chainId, wallet)
  const held = (holderPid: number, holderOwner: string): SenderLockHeldError =>
    new SenderLockHeldError({
      chainId,
      address: wallet,
      pid: holderPid,
      ownerId: holderOwner,
      lockFilePath,
    })

  const selectLock = db.prepare<[number, string], LockRow>(
    'SELECT owner_id, pid, expires_ms FROM sender_locks WHERE chain_id = ? AND address = ?',
  )
  const upsertLock = db.prepare(
    `INSERT INTO sender_locks (chain_id, address, owner_id, pid, acquired_ms, heartbeat_ms, expires_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (chain_id, address) DO UPDATE SET owner_id = excluded.owner_id,
       pid = excluded.pid, acquired_ms = excluded.acquired_ms,
       heartbeat_ms = excluded.heartbeat_ms, expires_ms = excluded.expires_ms`,
  )
  const refreshLock = db.prepare(
    `UPDATE sender_locks SET heartbeat_ms = ?, expires_ms = ?
     WHERE chain_id = ? AND address = ? AND owner_id = ? AND pid = ?`,
  )
  const deleteLock = db.prepare(
    'DELETE FROM sender_locks WHERE chain_id = ? AND address = ? AND owner_id = ? AND pid = ?',
  )
  const isMine = (holder: { pid: number; ownerId: string } | undefined): boolean =>
    holder !== undefined && holder.pid === pid && holder.ownerId === ownerId

  const claimFile = (): void => {
    // Two tries: the second follows the removal of a stale file left by a dead holder.
    for (let tries = 0; tries < 2; tries++) {
      try {
        const fd = openSync(lockFilePath, 'wx', 0o600)
        try {
          const content: LockFileContent = { pid, ownerId, chainId, address: wallet }
          writeSync(fd, JSON.stringify(content))
          fsyncSync(fd)
        } finally {
          closeSync(fd)
        }
        return
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const holder = readLockFile(lockFilePath)
      if (isMine(holder)) return
      if (holder && isProcessAlive(holder.pid)) throw held(holder.pid, holder.ownerId)
      unlinkQuietly(lockFilePath)
    }
    throw new JournalError('could not create the sender lock file', {
      metaMessages: [`lock file: ${lockFilePath}`],
    })
  }

  let expiresMs = 0
  db.transaction((): void => {
    const nowMs = clock.nowMs()
    const row = selectLock.get(chainId, wallet)
    if (row && !isMine({ pid: row.pid, ownerId: row.owner_id })) {
      if (isProcessAlive(row.pid) && row.expires_ms > nowMs) throw held(row.pid, row.owner_id)
    }
    claimFile()
    expiresMs = nowMs + ttlMs
    upsertLock.run(chainId, wallet, ownerId, pid, nowMs, nowMs, expiresMs)
  }).immediate()

  let released = false
  return {
    chainId,
    address: wallet,
    ownerId,
    pid,
    lockFilePath,
    expiresMs: () => expiresMs,
    heartbeat() {
      db.transaction((): void => {
        const nowMs = clock.nowMs()
        const ours =
          !released &&
          isMine(readLockFile(lockFilePath)) &&
          refreshLock.run(nowMs, nowMs + ttlMs, chainId, wallet, ownerId, pid).changes === 1
        if (!ours) throw new SenderLockLostError(chainId, wallet, ownerId, lockFilePath)
        expiresMs = nowMs + ttlMs
      }).immediate()
    },
    release() {
      if (released) return
      released = true
      db.transaction((): void => {
        deleteLock.run(chainId, wallet, ownerId, pid)
        if (isMine(readLockFile(lockFilePath))) unlinkQuietly(lockFilePath)
      }).immediate()
    },
  }
}
