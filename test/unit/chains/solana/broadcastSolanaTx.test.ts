import type { SignatureStatus } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import {
  type BroadcastSolanaTxParams,
  broadcastSolanaTx,
  type SolanaBroadcastRpc,
} from '../../../../src/chains/solana/broadcastSolanaTx.ts'
import { SolanaSendError } from '../../../../src/chains/solana/SolanaSendError.ts'
import { silentLogger } from '../../../../src/common/Logger.ts'

type Script = {
  /** The status the n-th poll sees (0-based); null while unseen. */
  status: (poll: number) => SignatureStatus | null
  /** The block height at the n-th height read. */
  height: (read: number) => number
  /** What a history search finds. Default: the same as the last poll. */
  history?: () => SignatureStatus | null
}

const landed = (confirmationStatus: 'processed' | 'confirmed' | 'finalized', err = null) =>
  ({ slot: 7, confirmations: null, err, confirmationStatus }) as SignatureStatus

function run(script: Script, overrides: Partial<BroadcastSolanaTxParams> = {}) {
  const sent: Uint8Array[] = []
  let polls = 0
  let reads = 0
  let last: SignatureStatus | null = null
  const connection = {
    sendRawTransaction: async (raw: Uint8Array) => {
      sent.push(raw)
      return 'sig'
    },
    getSignatureStatuses: async (
      _sigs: string[],
      config?: { searchTransactionHistory?: boolean },
    ) => {
      if (config?.searchTransactionHistory)
        return { context: { slot: 0 }, value: [script.history?.() ?? last] }
      last = script.status(polls++)
      return { context: { slot: 0 }, value: [last] }
    },
    getBlockHeight: async () => script.height(reads++),
  } as unknown as SolanaBroadcastRpc
  // A clock that moves only by the loop's own pauses: no real time passes in these tests.
  let now = 0
  const clock = {
    nowMs: () => now,
    sleepMs: async (ms: number) => {
      now += ms
    },
  }
  const promise = broadcastSolanaTx({
    connection,
    rawTx: Uint8Array.from([1, 2, 3]),
    signature: 'sig',
    lastValidBlockHeight: 100,
    commitment: 'confirmed',
    pollIntervalMs: 10,
    rebroadcastIntervalMs: 30,
    clock,
    logger: silentLogger,
    ...overrides,
  })
  return { promise, sent }
}

describe('broadcastSolanaTx', () => {
  test('default: the same bytes go out every rebroadcast interval until confirmed', async () => {
    const { promise, sent } = run({
      status: (n) => (n < 7 ? null : landed('confirmed')),
      height: () => 50,
    })
    expect(await promise).toEqual({ outcome: 'confirmed', slot: 7, sends: 3 })
    expect(sent).toHaveLength(3)
    expect(new Set(sent.map((b) => b.join()))).toEqual(new Set(['1,2,3']))
  })

  test('behavior: expiry only once the height passes lastValidBlockHeight and history is empty', async () => {
    const { promise, sent } = run({ status: () => null, height: (n) => 95 + n })
    expect(await promise).toEqual({ outcome: 'expired', blockHeight: 101, sends: 3 })
    expect(sent.length).toBe(3)
  })

  test('behavior: a signature found in history past the height is not expired', async () => {
    let seen = false
    const { promise } = run({
      status: () => (seen ? landed('confirmed') : null),
      height: () => 101,
      history: () => {
        seen = true
        return landed('processed')
      },
    })
    expect((await promise).outcome).toBe('confirmed')
  })

  test('behavior: finalized waits past confirmed; a landed error is failedOnChain', async () => {
    const finalized = run(
      { status: (n) => (n < 3 ? landed('confirmed') : landed('finalized')), height: () => 500 },
      { commitment: 'finalized' },
    )
    expect(await finalized.promise).toMatchObject({ outcome: 'confirmed', sends: 1 })
    const failed = run({
      status: () => landed('confirmed', { InstructionError: [2, 'Custom'] } as never),
      height: () => 1,
    })
    const error = await failed.promise.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SolanaSendError)
    expect((error as SolanaSendError).state).toBe('failedOnChain')
  })
})
