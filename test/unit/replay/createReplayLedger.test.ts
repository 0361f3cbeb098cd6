import { describe, expect, test } from 'vitest'
import { createReplayLedger } from '../../../src/replay/createReplayLedger.ts'

function add(
  ledger: ReturnType<typeof createReplayLedger>,
  id: string,
  route: string,
  atMs: number,
) {
  ledger.setNowMs(atMs)
  ledger.add({
    fillAtMs: atMs + 1_000,
    record: {
      id,
      strategy: 's',
      route,
      params: {},
      notionalUsd: 100,
      state: 'created',
      reason: undefined,
      createdMs: atMs,
      updatedMs: atMs,
    },
  })
}

describe('createReplayLedger: the in-memory journal a replay runs the risk checks on', () => {
  test('default: the windows the checks ask for count the intents inside them, as they move on', async () => {
    const ledger = createReplayLedger()
    add(ledger, 'a', 'r1', 1_000)
    add(ledger, 'b', 'r2', 2_000)
    add(ledger, 'c', 'r1', 3_000)
    expect(await ledger.notionalUsdSince(0)).toEqual([
      { route: 'r1', notionalUsd: 200, intents: 2 },
      { route: 'r2', notionalUsd: 100, intents: 1 },
    ])
    expect(await ledger.notionalUsdSince(1_500)).toEqual([
      { route: 'r1', notionalUsd: 100, intents: 1 },
      { route: 'r2', notionalUsd: 100, intents: 1 },
    ])
    add(ledger, 'd', 'r2', 4_000)
    expect(await ledger.notionalUsdSince(2_500)).toEqual([
      { route: 'r1', notionalUsd: 100, intents: 1 },
      { route: 'r2', notionalUsd: 100, intents: 1 },
    ])
    // A window earlier than every one kept is counted afresh.
    expect(await ledger.notionalUsdSince(0)).toHaveLength(2)
    expect((await ledger.notionalUsdSince(0))[0]).toEqual({
      route: 'r1',
      notionalUsd: 200,
      intents: 2,
    })
  })

  test('behavior: an intent is in flight until its fill time, then settles once', async () => {
    const ledger = createReplayLedger()
    add(ledger, 'a', 'r1', 1_000)
    expect((await ledger.status()).inFlight.map((i) => i.id)).toEqual(['a'])
    ledger.setNowMs(1_999)
    expect(ledger.settle()).toEqual([])
    ledger.setNowMs(2_000)
    expect(ledger.settle().map((i) => i.record.state)).toEqual(['completed'])
    expect(ledger.settle()).toEqual([])
    expect(await ledger.status()).toMatchObject({ inFlight: [], inFlightUsd: 0 })
  })
})
