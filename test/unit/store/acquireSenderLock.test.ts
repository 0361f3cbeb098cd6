import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { toSenderLockPath } from '../../../src/store/sqlite/acquireSenderLock.ts'
import { isProcessAlive } from '../../../src/store/sqlite/isProcessAlive.ts'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { SenderLockHeldError } from '../../../src/store/sqlite/SenderLockHeldError.ts'
import { SenderLockLostError } from '../../../src/store/sqlite/SenderLockLostError.ts'
import { tmpJournal } from './tmpJournal.ts'

const WALLET = '0xAbCdEf0000000000000000000000000000000001'

function deadPid(): number {
  // Pids are below the kernel's pid_max, so pid_max itself names no process (a unit test starts
  // none to find a dead one).
  const pid = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8').trim())
  expect(isProcessAlive(pid)).toBe(false)
  return pid
}

describe('acquireSenderLock', () => {
  test('default: one owner per wallet and chain; the file names the holder pid', () => {
    const { journal, path } = tmpJournal()
    const lock = journal.acquireSenderLock(42161, WALLET, 'engine-a', 30_000)
    expect(lock.address).toBe(WALLET.toLowerCase())
    expect(lock.lockFilePath).toBe(toSenderLockPath(path, 42161, WALLET))
    expect(JSON.parse(readFileSync(lock.lockFilePath, 'utf8'))).toMatchObject({
      pid: process.pid,
      ownerId: 'engine-a',
    })
    // Checksum case is the same wallet.
    expect(() =>
      journal.acquireSenderLock(42161, WALLET.toLowerCase(), 'engine-b', 30_000),
    ).toThrow(SenderLockHeldError)
    // The same owner again refreshes instead of deadlocking itself.
    expect(journal.acquireSenderLock(42161, WALLET, 'engine-a', 30_000).ownerId).toBe('engine-a')
    lock.release()
    lock.release()
    expect(existsSync(lock.lockFilePath)).toBe(false)
    journal.acquireSenderLock(42161, WALLET, 'engine-b', 30_000)
  })

  test('behavior: heartbeat extends the row; a lock taken away is reported, not ignored', () => {
    const { journal, clock } = tmpJournal(1_000)
    const lock = journal.acquireSenderLock(8453, WALLET, 'engine-a', 30_000)
    expect(lock.expiresMs()).toBe(31_000)
    clock.advanceMs(10_000)
    lock.heartbeat()
    expect(lock.expiresMs()).toBe(41_000)
    unlinkSync(lock.lockFilePath)
    expect(() => lock.heartbeat()).toThrow(SenderLockLostError)
  })

  test('behavior: a lock left by a dead process is taken over', () => {
    const { journal, path } = tmpJournal()
    const lockFilePath = toSenderLockPath(path, 1, WALLET)
    writeFileSync(lockFilePath, JSON.stringify({ pid: deadPid(), ownerId: 'crashed' }))
    const lock = journal.acquireSenderLock(1, WALLET, 'engine-a', 30_000)
    expect(JSON.parse(readFileSync(lockFilePath, 'utf8')).pid).toBe(process.pid)
    lock.release()
    // A torn file (crash between create and write) holds nothing either.
    writeFileSync(lockFilePath, '{"pid":')
    journal.acquireSenderLock(1, WALLET, 'engine-a', 30_000)
  })

  test('behavior: a live holder refuses even after its row expired; close releases', () => {
    const { journal, path, clock } = tmpJournal()
    const lock = journal.acquireSenderLock(10, WALLET, 'engine-a', 1_000)
    clock.advanceMs(5_000)
    const other = openJournal(path, { clock })
    try {
      // The row has expired, but the pid in the file is alive: a hung sender may resume (P-2.4).
      expect(() => other.acquireSenderLock(10, WALLET, 'engine-b', 1_000)).toThrow(
        `pid ${process.pid}`,
      )
      journal.close()
      expect(existsSync(lock.lockFilePath)).toBe(false)
      other.acquireSenderLock(10, WALLET, 'engine-b', 1_000)
    } finally {
      other.close()
    }
  })
})
