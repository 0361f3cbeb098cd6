import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { SenderLockHeldError } from '../../../src/store/sqlite/SenderLockHeldError.ts'
import { type JournalChild, runJournalChild } from './runJournalChild.ts'

const WALLET = '0x1111111111111111111111111111111111111111'
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

function tmpJournalPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-lock-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return join(dir, 'journal.sqlite')
}

function track(child: JournalChild): JournalChild {
  cleanups.push(() => {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL')
    }
  })
  return child
}

describe('sender lock across processes', () => {
  test('default: a second process is refused, naming the wallet and the holder pid', async () => {
    const db = tmpJournalPath()
    const journal = openJournal(db)
    cleanups.push(() => journal.close())
    journal.acquireSenderLock(42161, WALLET, 'parent', 60_000)

    const child = track(runJournalChild({ action: 'try', db, chainId: 42161, address: WALLET }))
    const line = await child.nextLine()
    expect(line).toMatchObject({ ok: false, name: 'SenderLockHeldError', holderPid: process.pid })
    expect(line.message).toContain(WALLET)
    expect(line.message).toContain(`pid ${process.pid}`)
    expect((await child.exited).code).toBe(0)
  })

  test('behavior: the lock of a live holder refuses, and is taken over once it dies', async () => {
    const db = tmpJournalPath()
    const holder = track(runJournalChild({ action: 'hold', db, chainId: 8453, address: WALLET }))
    const locked = await holder.nextLine()
    expect(locked).toMatchObject({ locked: true })
    const holderPid = locked.pid as number

    const journal = openJournal(db)
    cleanups.push(() => journal.close())
    let refused: unknown
    try {
      journal.acquireSenderLock(8453, WALLET, 'parent', 60_000)
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(SenderLockHeldError)
    expect((refused as SenderLockHeldError).holder).toMatchObject({
      pid: holderPid,
      address: WALLET,
      chainId: 8453,
    })
    expect((refused as Error).message).toContain(`pid ${holderPid}`)
    // Another chain of the same wallet is another lock.
    journal.acquireSenderLock(42161, WALLET, 'parent', 60_000).release()

    holder.process.kill('SIGKILL')
    expect((await holder.exited).signal).toBe('SIGKILL')
    // The row is still unexpired (ttl 60 s): only the dead pid frees it.
    const lock = journal.acquireSenderLock(8453, WALLET, 'parent', 60_000)
    expect(lock.pid).toBe(process.pid)

    const again = track(runJournalChild({ action: 'try', db, chainId: 8453, address: WALLET }))
    expect(await again.nextLine()).toMatchObject({ ok: false, holderPid: process.pid })
    lock.release()
    const free = track(runJournalChild({ action: 'try', db, chainId: 8453, address: WALLET }))
    expect(await free.nextLine()).toMatchObject({ ok: true })
  })
})
