import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { createManualClock, type ManualClock } from '../../../src/common/clock.ts'
import { type Journal, openJournal } from '../../../src/store/sqlite/openJournal.ts'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

/** A fresh tmp dir, removed after the test. */
export function tmpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-store-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A fresh journal in a tmp dir on a manual clock, closed after the test. */
export function tmpJournal(startMs = 1_700_000_000_000): {
  journal: Journal
  clock: ManualClock
  path: string
} {
  const clock = createManualClock(startMs)
  const path = join(tmpDir(), 'journal.sqlite')
  const journal = openJournal(path, { clock })
  cleanups.push(() => journal.close())
  return { journal, clock, path }
}
