import { describe, expect, test } from 'vitest'
import {
  createSharedAbortController,
  SHARED_SIGNAL_MAX_LISTENERS,
} from '../../../src/common/createSharedAbortController.ts'

/** The names of the process warnings emitted while `work` runs (they come on a later tick). */
async function warningsDuring(work: () => void): Promise<string[]> {
  const names: string[] = []
  const onWarning = (warning: Error): void => {
    names.push(warning.name)
  }
  process.on('warning', onWarning)
  try {
    work()
    await new Promise((resolve) => setImmediate(resolve))
    return names
  } finally {
    process.off('warning', onWarning)
  }
}

describe('createSharedAbortController', () => {
  test('behavior: a plain signal warns of a leak at 11 listeners; the shared stop takes 50 in silence', async () => {
    const plain = new AbortController()
    expect(
      await warningsDuring(() => {
        for (let i = 0; i < 11; i++) plain.signal.addEventListener('abort', () => {})
      }),
    ).toContain('MaxListenersExceededWarning')
    const shared = createSharedAbortController()
    expect(
      await warningsDuring(() => {
        for (let i = 0; i < 50; i++) shared.signal.addEventListener('abort', () => {})
      }),
    ).toEqual([])
  })

  test('behavior: a real leak on the shared stop still warns, past its bound', async () => {
    const shared = createSharedAbortController()
    expect(
      await warningsDuring(() => {
        for (let i = 0; i <= SHARED_SIGNAL_MAX_LISTENERS; i++)
          shared.signal.addEventListener('abort', () => {})
      }),
    ).toContain('MaxListenersExceededWarning')
  })
})
