import { expect, test } from 'vitest'
import type { RouteRequest } from '../../../../src/common/strategy/marketTypes.ts'
import { CONFIG_FAILURE_PREFIX } from '../../../../src/store/contract/journalTypes.ts'
import { buildQuote, OWNER_EVM, usdc } from '../../../unit/strategies/buildStrategyFixture.ts'
import type { ContractBackend } from './contractBackends.ts'
import { DAY_MS, evmAttempt, FROM, journalIntent, solanaAttempt } from './contractFixtures.ts'

const SWAP: RouteRequest = {
  kind: 'swap',
  requestId: 'swap:1',
  routeId: 'route',
  amountIn: 1_000_000n,
  recipient: OWNER_EVM,
  chainId: 42161,
  tokenIn: '0xa',
  tokenOut: '0xb',
}

/** Queries: reconciliation, status, history, windows, market, dry runs, postponements. */
export function readCases(backend: ContractBackend): void {
  test('default: every non-terminal intent comes with its attempts, approvals and orders', async () => {
    const { store, clock, record } = await backend.open()
    await journalIntent(store, 'done')
    await store.setIntentState('done', 'completed')
    clock.advanceMs(1)
    await journalIntent(store, 'signed-only')
    const signed = evmAttempt('signed-only', 4)
    await record(signed)
    await store.setIntentState('signed-only', 'signed')
    await journalIntent(store, 'created') // same ms: journal order breaks the tie
    const approval = await store.recordApproval({
      intentId: 'created',
      chainId: 42161,
      owner: FROM,
      token: '0xtoken',
      spender: '0xforwarder',
      amount: 10n ** 24n,
      txHash: '0xapprove',
    })
    const created = evmAttempt('created', 5)
    await record(created)
    await store.recordOrder({
      orderId: created.orderId!,
      intentId: 'created',
      srcChainId: 42161,
      dstChainId: 8453,
    })
    await store.setOrderState(created.orderId!, 'Created', created.hash)
    await store.recordHookStep(created.orderId!, '1', 'Executed')

    expect((await store.nonTerminalIntents()).map((i) => i.id)).toEqual(['signed-only', 'created'])
    const [first, second] = await store.pendingReconciliations()
    expect(first).toMatchObject({
      intent: { id: 'signed-only', state: 'signed' },
      attempts: [{ hash: signed.hash, rawTx: signed.rawTx, nonce: 4, state: 'signed' }],
      approvals: [],
      orders: [],
      hookSteps: [],
    })
    expect(second?.approvals).toEqual([approval])
    expect(second?.orders).toMatchObject([{ state: 'Created', createTxHash: created.hash }])
    expect(second?.hookSteps).toMatchObject([{ step: '1', status: 'Executed' }])
    expect(await store.reconciliationOf('created')).toEqual(second)
    expect(await store.reconciliationOf('missing')).toBeUndefined()
  })

  test('behavior: Solana attempts keep the blockhash window; fences without intent are unsettled', async () => {
    const { store, record } = await backend.open()
    await journalIntent(store, 'sol')
    await record(solanaAttempt('sol'))
    await record({
      chainId: 42161,
      family: 'evm',
      kind: 'fence',
      from: FROM,
      nonce: 9,
      attempt: 0,
      rawTx: '0x02aa',
      hash: '0xfence',
    })
    expect((await store.reconciliationOf('sol'))?.attempts[0]).toMatchObject({
      nonce: undefined,
      blockhash: 'Bh1',
      lastValidBlockHeight: 1_000,
      from: 'So1anaFeePayer1111111111111111111111111111',
    })
    expect((await store.unsettledAttempts()).map((a) => [a.hash, a.intentId])).toEqual([
      ['5igSig', 'sol'],
      ['0xfence', undefined],
    ])
    await store.setAttemptState('0xfence', 'confirmed')
    expect(await store.unsettledAttempts()).toHaveLength(1)
    expect(await store.highestNonce(42161, FROM)).toBe(9)
    expect(await store.highestNonce(1, FROM)).toBeUndefined()
  })

  test('default: status shows in-flight intents and today’s notional per route; failures time cooldowns', async () => {
    const dayStart = 20_000 * DAY_MS
    const { store, clock } = await backend.open(dayStart - 60_000)
    await journalIntent(store, 'yesterday', 'arb->base', 1_000)
    clock.advanceMs(120_000)
    await journalIntent(store, 'a', 'arb->base', 250.5)
    await journalIntent(store, 'b', 'arb->base', 100)
    await journalIntent(store, 'c', 'sol->arb', 40)
    await store.setIntentState('b', 'failed', 'reverted')

    const status = await store.status()
    expect(status.dayStartMs).toBe(dayStart)
    expect(status.inFlight.map((i) => i.id)).toEqual(['yesterday', 'a', 'c'])
    expect(status.inFlightUsd).toBe(1_290.5)
    expect(status.todayByRoute).toEqual([
      { route: 'arb->base', notionalUsd: 350.5, intents: 2 },
      { route: 'sol->arb', notionalUsd: 40, intents: 1 },
    ])
    expect(status.todayUsd).toBe(390.5)
    expect(await store.notionalUsdSince(0)).toEqual([
      { route: 'arb->base', notionalUsd: 1_350.5, intents: 3 },
      { route: 'sol->arb', notionalUsd: 40, intents: 1 },
    ])
    expect(await store.notionalUsdSince(dayStart + DAY_MS)).toEqual([])
    expect(await store.lastFailureMs('arb->base')).toBe(dayStart + 60_000)
    expect(await store.lastFailureMs('sol->arb')).toBeUndefined()
    // A failure the config caused (a dead price feed) starts no cooldown: waiting fixes nothing.
    clock.advanceMs(5_000)
    await store.setIntentState(
      'c',
      'failed',
      `${CONFIG_FAILURE_PREFIX}price feed 0xfeed on chain 42161`,
    )
    expect(await store.lastFailureMs('sol->arb')).toBeUndefined()
  })

  test('behavior: history holds each intent’s quotes, sends, orders and hooks, newest first', async () => {
    const { store, clock, record } = await backend.open()
    await journalIntent(store, 'old')
    clock.advanceMs(10)
    await journalIntent(store, 'i1')
    await store.recordQuote({ intentId: 'i1', endpoint: 'create-tx', request: {}, response: {} })
    const attempt = evmAttempt('i1', 0)
    await record(attempt)
    await store.recordOrder({
      orderId: attempt.orderId!,
      intentId: 'i1',
      srcChainId: 42161,
      dstChainId: 8453,
    })
    await store.recordHookStep(attempt.orderId!, 'deposit', 'Executed')
    const [history] = await store.history({ intentId: 'i1' })
    expect(history?.quotes).toMatchObject([{ endpoint: 'create-tx' }])
    expect(history?.attempts.map((a) => a.hash)).toEqual([attempt.hash])
    expect(history?.hookSteps).toMatchObject([{ step: 'deposit', status: 'Executed' }])
    expect(await store.history({ intentId: 'none' })).toEqual([])
    expect((await store.history()).map((h) => h.intent.id)).toEqual(['i1', 'old'])
    expect(await store.history({ limit: 1 })).toEqual([history])
  })

  test('behavior: observations per strategy, and activitySince’s window in journal order', async () => {
    const { store, clock } = await backend.open(5_000)
    await journalIntent(store, 'before')
    await store.recordObservation('arb', { edgeBps: 12n })
    clock.advanceMs(10)
    await journalIntent(store, 'at')
    await store.recordObservation('sweep', { kind: 'y' })
    await store.recordObservation('arb', { edgeBps: 40n }, 4_000)
    expect((await store.observations('arb')).map((o) => o.data)).toEqual([
      { edgeBps: 12n },
      { edgeBps: 40n },
    ])
    expect(await store.observations('arb', 5_000)).toMatchObject([{ observedMs: 5_000 }])
    const all = await store.activitySince()
    expect(all.intents.map((h) => h.intent.id)).toEqual(['before', 'at'])
    expect(all.observations.map((o) => o.strategy)).toEqual(['arb', 'sweep', 'arb'])
    const since = await store.activitySince(5_010)
    expect(since.intents.map((h) => h.intent.id)).toEqual(['at'])
    expect(since.observations.map((o) => o.observedMs)).toEqual([5_010])
    expect(await store.activitySince(6_000)).toEqual({ intents: [], observations: [] })
  })

  test('behavior: market ticks and quotes come back in [since, until); pruning spares intents’ quotes', async () => {
    const { store } = await backend.open()
    for (const tickMs of [1_000, 2_000, 3_000]) {
      await store.recordTick({ tickMs, strategies: ['s'], balances: [usdc(42161, 5n)] })
      await store.recordMarketQuotes('s', tickMs, [
        buildQuote(SWAP, 999_000n, { quotedAtMs: tickMs + 5, costBps: Number.NaN }),
      ])
    }
    await store.recordMarketQuotes('s', 2_000, [])
    const { ticks, quotes } = await store.marketBetween(2_000, 3_000)
    expect(ticks).toEqual([{ tickMs: 2_000, strategies: ['s'], balances: [usdc(42161, 5n)] }])
    expect(quotes).toMatchObject([
      { strategy: 's', tickMs: 2_000, endpoint: 'chain/transaction', quotedMs: 2_005 },
    ])
    expect(quotes[0]!.response).toMatchObject({ amountOut: 999_000n, costBps: null })
    await store.recordIntent({ id: 'i', strategy: 's', route: 'route', params: {}, notionalUsd: 1 })
    await store.recordQuote({
      intentId: 'i',
      endpoint: 'chain/transaction',
      request: {},
      response: {},
    })
    expect(await store.pruneMarket(2_500)).toBe(4)
    expect((await store.marketBetween()).ticks.map((t) => t.tickMs)).toEqual([3_000])
    expect(await store.quotesOf('i')).toHaveLength(1)
  })

  test('behavior: dry runs are observations of kind dryRun, newest first, counted in their window only', async () => {
    const { store, clock } = await backend.open()
    const t0 = clock.nowMs()
    const dryRun = (intentId: string, notionalUsd: number, atMs: number) =>
      store.recordObservation(
        'usdc',
        { kind: 'dryRun', intentId, route: 'r1', amountIn: 1_000_000n, notionalUsd, reason: 'x' },
        atMs,
      )
    await dryRun('d1', 10, t0)
    await store.recordObservation('usdc', { kind: 'decision', intentId: 'x' }, t0 + 1)
    await dryRun('d2', 15, t0 + 2)
    expect((await store.dryRuns()).map((d) => d.intentId)).toEqual(['d2', 'd1'])
    expect((await store.dryRuns({ limit: 1 }))[0]).toEqual({
      intentId: 'd2',
      strategy: 'usdc',
      route: 'r1',
      notionalUsd: 15,
      amountIn: 1_000_000n,
      minAmountOut: undefined,
      reason: 'x',
      observedMs: t0 + 2,
    })
    expect((await store.dryRuns({ intentId: 'd1' })).map((d) => d.intentId)).toEqual(['d1'])
    expect(await store.dryRuns({ intentId: 'x' })).toEqual([])
    expect(await store.dryRunTotals(t0 + 1)).toEqual({ count: 1, notionalUsd: 15 })
    expect(await store.dryRunTotals(t0 + 3)).toEqual({ count: 0, notionalUsd: 0 })
    expect(await store.notionalUsdSince(0)).toEqual([])
  })

  test('behavior: a postponement is one per (strategy, request), moved by a later one, active until its end', async () => {
    const { store } = await backend.open()
    const base = { strategy: 's', route: 'r', reason: 'inFlightBudgetFull', detail: 'd' }
    await store.recordPostponement({ ...base, requestId: 'b', untilMs: 5_000 })
    await store.recordPostponement({ ...base, requestId: 'a', untilMs: 5_000 })
    await store.recordPostponement({ ...base, requestId: 'c', untilMs: 9_000 })
    await store.recordPostponement({ ...base, requestId: 'c', untilMs: 3_000 })
    const active = await store.activePostponements(2_000)
    expect(active.map((p) => [p.requestId, p.untilMs])).toEqual([
      ['c', 3_000],
      ['a', 5_000],
      ['b', 5_000],
    ])
    expect(await store.activePostponements(5_000)).toEqual([])
  })
}
