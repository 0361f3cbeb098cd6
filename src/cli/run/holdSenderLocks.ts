import { randomUUID } from 'node:crypto'
import type { SenderLock } from '../../store/sqlite/acquireSenderLock.ts'
import type { Journal } from '../../store/sqlite/openJournal.ts'

/** How long a lock row lives without a heartbeat, ms; a heartbeat comes every third of it. */
export const SENDER_LOCK_TTL_MS = 60_000

/** The single-writer locks `ferry run` holds while it may send. */
export type HeldSenderLocks = {
  readonly ownerId: string
  /** Stops the heartbeat and releases every lock. Idempotent. */
  release(): void
}

/**
 * Takes the single-writer lock of every (chain, wallet) this run may send from (safety P-2.4),
 * before reconciliation or any new intent, and keeps them fresh with an unref'd heartbeat. A
 * heartbeat that finds a lock taken over calls `onLost`: the run must stop sending at once.
 * @throws SenderLockHeldError when another live process holds one (nothing is held then).
 */
export function holdSenderLocks(
  journal: Pick<Journal, 'acquireSenderLock'>,
  wallets: readonly { chainId: number; address: string }[],
  onLost: (error: Error) => void,
): HeldSenderLocks {
  const ownerId = `ferry-run:${process.pid}:${randomUUID()}`
  const locks: SenderLock[] = []
  let timer: NodeJS.Timeout | undefined
  const release = (): void => {
    clearInterval(timer)
    for (const lock of locks.splice(0)) lock.release()
  }
  try {
    for (const w of wallets) {
      locks.push(journal.acquireSenderLock(w.chainId, w.address, ownerId, SENDER_LOCK_TTL_MS))
    }
  } catch (error) {
    release()
    throw error
  }
  timer = setInterval(() => {
    try {
      for (const lock of locks) lock.heartbeat()
    } catch (error) {
      release()
      onLost(error as Error)
    }
  }, SENDER_LOCK_TTL_MS / 3)
  timer.unref()
  return { ownerId, release }
}
